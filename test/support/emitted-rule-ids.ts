import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { CATALOG_OWN_CODES, OH_MY_COPILOT_CODES } from '../../src/core/catalog/catalog-finding.js';
import { SKILL_LINT_CODES } from '../../src/core/catalog/skill-lint-issue.js';
import { CHECK_NAMES } from '../../src/core/finding.js';
import { SCAN_RULES } from '../../src/core/scan/rules/all-rules.js';
import { TASK_CODES } from '../../src/core/tasks/task-diagnostic.js';
import { REPO_ROOT } from './paths.js';

/** `<check>/<code>`, written whole: how plans and scan diagnostics name their rule. */
const RULE_ID = /^(?:plans|tasks|catalog|skills|scan)\/[a-z0-9][a-z0-9_-]*[a-z0-9]$/;
/** `ruleId: `${name}/internal_error``: a rule id built from a check name and a fixed code. */
const PER_CHECK_SUFFIX = /^\/([a-z0-9_]+)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Every rule id the source can emit, read from the code itself: the scanner rules, the code
 * lists that type each check's diagnostics (`tasks/…`, `skills/…`, `catalog/…`), every string
 * literal in src/ that is a whole rule id (plans and scan diagnostics write theirs out), and the
 * per-check ids built from a check name (`${name}/internal_error`). Comments do not count.
 */
export function emittedRuleIds(): Set<string> {
  const ids = new Set<string>([
    ...SCAN_RULES.map((r) => r.id),
    ...TASK_CODES.map((c) => `tasks/${c}`),
    ...SKILL_LINT_CODES.map((c) => `skills/${c}`),
    ...[...OH_MY_COPILOT_CODES, ...CATALOG_OWN_CODES].map((c) => `catalog/${c}`),
  ]);
  for (const file of sourceFiles(join(REPO_ROOT, 'src'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const visit = (node: ts.Node): void => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && RULE_ID.test(node.text)) ids.add(node.text);
      if (ts.isTemplateExpression(node) && isRuleIdValue(node, source) && node.head.text === '' && node.templateSpans.length === 1) {
        const suffix = PER_CHECK_SUFFIX.exec(node.templateSpans[0]!.literal.text);
        if (suffix) for (const check of CHECK_NAMES) ids.add(`${check}/${suffix[1]}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return ids;
}

function isRuleIdValue(node: ts.Node, source: ts.SourceFile): boolean {
  return node.parent !== undefined && ts.isPropertyAssignment(node.parent) && node.parent.name.getText(source) === 'ruleId';
}

/** The codes that keep the spelling of the tool whose format plangate checks (oh-my-copilot's catalog validator). */
export const FOREIGN_CODES: ReadonlySet<string> = new Set(OH_MY_COPILOT_CODES.map((c) => `catalog/${c}`));
