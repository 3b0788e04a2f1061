import type { ParsedFrontmatter } from '../../frontmatter/parse-frontmatter.js';
import type { Lines } from '../lazy-lines.js';
import type { CompiledDetectors } from '../match/compile-detectors.js';
import type { RawEvidence } from '../match/match-units.js';

/** The rules' checks of a Markdown file's parsed frontmatter (allowed tools, name, description), as evidence on the lines they name. */
export function frontmatterEvidence(
  path: string,
  frontmatter: ParsedFrontmatter,
  text: string,
  detectors: CompiledDetectors,
  lines: Lines,
): Omit<RawEvidence, 'unit'>[] {
  const out: Omit<RawEvidence, 'unit'>[] = [];
  const lineText = (line: number) =>
    text.slice(lines.lineStart(line), line < lines.lineCount ? lines.lineStart(line + 1) : text.length).replace(/\r?\n$|\r$/, '');
  for (const rule of detectors.frontmatterRules) {
    for (const hit of rule.frontmatter!({ path, frontmatter, lineText })) {
      const start = lines.lineStart(hit.line);
      out.push({
        rule: rule.id,
        detector: 'frontmatter',
        ...(hit.why ? { why: hit.why } : {}),
        start,
        end: start + lineText(hit.line).length,
        matched: hit.matched,
        level: hit.level ?? rule.level,
        capabilities: rule.capabilities,
        evidenceOnly: false,
      });
    }
  }
  return out;
}
