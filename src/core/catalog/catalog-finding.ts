import { makeFinding, type Finding, type Severity } from '../finding.js';
import type { JsonDocument, JsonPath } from '../json/read-json.js';
import type { SkillLintIssue } from './skill-lint-issue.js';

/**
 * The `catalog/*` codes of docs/rules/catalog.md. Those oh-my-copilot's own validator reports keep
 * its spelling (kebab-case), so users recognise them; plangate's own are snake_case like every
 * other plangate code (docs/rules/README.md).
 */
export const OH_MY_COPILOT_CODES = [
  'unknown-provider-state',
  'missing-capability-id',
  'duplicate-capability-id',
  'missing-provider-support',
  'invalid-provider-state',
  'invalid-compat-provider-state',
  'missing-skill-name',
  'duplicate-skill-name',
  'skill-missing-source',
  'skill-missing-capability',
  'skill-missing-slash-command',
  'unknown-skill-capability',
  'missing-phase1-skill-capability',
] as const;

/** plangate's parity and consistency checks of the bundle, and its reading of the files. */
export const CATALOG_OWN_CODES = [
  'skill_missing',
  'skill_uncataloged',
  'unknown_source_skill',
  'alias_inconsistent',
  'summary_mismatch',
  'skill_root_empty',
  'json_invalid',
  'schema_invalid',
] as const;

export type CatalogCode = (typeof OH_MY_COPILOT_CODES)[number] | (typeof CATALOG_OWN_CODES)[number];

export interface CatalogFindingInput {
  code: CatalogCode;
  /** Defaults to `error`; only `summary_mismatch` is a warning. */
  severity?: Severity;
  file: string;
  /** Where in the JSON file: the finding gets the line and column of this value. */
  at?: { doc: JsonDocument; path: JsonPath };
  line?: number;
  column?: number;
  message: string;
  help?: string;
  /** What identifies the finding in its file without its line (e.g. code + skill name). */
  key: string;
}

export function catalogFinding(input: CatalogFindingInput): Finding {
  const position = input.at ? input.at.doc.positionOf(input.at.path) : { line: input.line, column: input.column };
  return makeFinding({
    check: 'catalog',
    ruleId: `catalog/${input.code}`,
    severity: input.severity ?? (input.code === 'summary_mismatch' ? 'warning' : 'error'),
    file: input.file,
    line: position.line,
    column: position.column,
    message: input.message,
    help: input.help,
    fingerprintKey: input.key,
  });
}

export function skillFinding(file: string, issue: SkillLintIssue): Finding {
  return makeFinding({
    check: 'catalog',
    ruleId: `skills/${issue.code}`,
    severity: issue.severity,
    file,
    line: issue.line,
    column: issue.column,
    message: issue.message,
    help: issue.help,
    fingerprintKey: issue.key,
  });
}

/** `['skills', 3, 'name']` → `$.skills[3].name` (the form the messages and docs use). */
export function formatJsonPath(path: readonly PropertyKey[]): string {
  let out = '$';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (typeof segment === 'string' && /^[A-Za-z_$][\w$]*$/.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(String(segment))}]`;
  }
  return out;
}
