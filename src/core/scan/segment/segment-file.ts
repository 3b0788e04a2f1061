import type { ParsedFrontmatter } from '../../frontmatter/parse-frontmatter.js';
import type { FileType } from '../read/classify-path.js';
import type { Unit } from '../scan-types.js';
import { eachLine } from './each-line.js';
import { segmentMarkdown } from './segment-markdown.js';

/**
 * A config file (JSON, YAML, TOML, INI, .env) → its top-level blocks: a line at the left margin
 * that is not a list item, a comment or a closing bracket starts a block (`key:` and its nested
 * lines, `[section]` and its keys). A block is one unit: one setting, one step.
 */
function segmentConfig(text: string): Unit[] {
  const units: Unit[] = [];
  let start = -1;
  let end = 0;
  const close = () => {
    if (start >= 0 && end > start) units.push({ id: units.length, kind: 'config', start, end });
    start = -1;
  };
  for (const line of eachLine(text)) {
    const c = text.charCodeAt(line.start);
    const blank = line.end === line.start || text.slice(line.start, line.end).trim() === '';
    if (blank) continue;
    const opens = c !== 32 && c !== 9 && c !== 45 && c !== 35 && c !== 93 && c !== 125 && c !== 41 && c !== 59;
    if (opens || start < 0) {
      close();
      start = line.start;
    }
    end = line.end;
  }
  close();
  return units;
}

/**
 * A file's text (as the rules read it) → its units, by type: Markdown by its blocks, a script as
 * one code unit (read by logical line), a config by its top-level blocks, other text like Markdown
 * with every prose line also read as a command.
 */
export function segmentFile(path: string, text: string, type: FileType, frontmatter: ParsedFrontmatter | undefined): Unit[] {
  switch (type) {
    case 'markdown':
      return segmentMarkdown(text, frontmatter);
    case 'script':
      return text.length
        ? [
            {
              id: 0,
              kind: 'code',
              start: 0,
              end: text.length,
              origin: 'script',
              ...(/\.(?:ps1|psm1|bat|cmd)$/i.test(path) ? { noContinuation: true } : {}),
            },
          ]
        : [];
    case 'json':
    case 'config':
      return segmentConfig(text);
    case 'text':
      return segmentMarkdown(text, undefined).map((u) => (u.kind === 'prose' ? { ...u, asCode: true } : u));
    default:
      return [];
  }
}
