import { parseFrontmatter } from '../frontmatter/parse-frontmatter.js';
import { findPortabilityIssues } from './find-portability-issues.js';
import { lintSkillFields } from './lint-skill-fields.js';
import { lintSkillName, skillNameLine, suggestSkillName } from './lint-skill-name.js';
import type { SkillLintIssue } from './skill-lint-issue.js';
import { pushAll } from '../push-all.js';

export interface SkillFileLintOptions {
  /** The directory name (the skill's identity). */
  dirName: string;
  /** Names the catalog gives this skill besides its directory (entry name, `aliases[]`); undefined when there is no catalog. */
  catalogAliases?: ReadonlySet<string>;
  /** A catalog exists but could not be read: skip `name_dir_mismatch` rather than guess. */
  catalogUnreadable?: boolean;
  /** Flag provider-specific wording in the body (`catalog.portability`). */
  portability?: boolean;
}

/** Every `skills/*` issue of one SKILL.md's text (docs/rules/catalog.md). */
export function lintSkillFile(text: string, options: SkillFileLintOptions): SkillLintIssue[] {
  const fm = parseFrontmatter(text);
  const issues: SkillLintIssue[] = [];
  if (!fm.present) {
    issues.push({
      code: 'frontmatter_missing',
      severity: 'error',
      line: 1,
      message: 'SKILL.md does not start with a YAML frontmatter block (--- … ---)',
      help: `Start the file with:\n---\n${skillNameLine(suggestSkillName(options.dirName))}\ndescription: What it does and when to use it.\n---`,
      key: 'frontmatter',
    });
  }
  for (const d of fm.diagnostics) {
    issues.push({
      code: 'frontmatter_invalid',
      severity: d.severity,
      line: d.line,
      column: d.column,
      message: `Frontmatter: ${d.message}`,
      help: 'Fix the YAML so that the frontmatter is a plain mapping (no custom tags, few aliases).',
      key: `frontmatter:${d.kind}:${d.message}`,
    });
  }
  const data = fm.data;
  if (data) {
    const startLine = fm.startLine ?? 1;
    const has = Object.hasOwn(data, 'name');
    pushAll(
      issues,
      lintSkillName({
        value: has ? data.name : undefined,
        present: has,
        line: fm.keyLines.get('name') ?? startLine,
        dirName: options.dirName,
        catalogAliases: options.catalogUnreadable ? 'unreadable' : (options.catalogAliases ?? 'none'),
      }),
      lintSkillFields(data, fm.keyLines, startLine),
    );
  }
  if (options.portability) pushAll(issues, findPortabilityIssues(text.slice(fm.bodyOffset), fm.bodyStartLine));
  return issues;
}
