import type { Severity } from '../finding.js';

/** The `skills/*` codes of docs/rules/catalog.md. */
export const SKILL_LINT_CODES = [
  'frontmatter_missing',
  'frontmatter_invalid',
  'name_missing',
  'name_invalid',
  'name_path_traversal',
  'name_dir_mismatch',
  'description_missing',
  'description_too_long',
  'compatibility_too_long',
  'unknown_frontmatter_key',
  'portability',
] as const;

export type SkillLintCode = (typeof SKILL_LINT_CODES)[number];

/** One problem in one SKILL.md, before it becomes a Finding (the caller knows the file). */
export interface SkillLintIssue {
  code: SkillLintCode;
  severity: Severity;
  line: number;
  column?: number;
  message: string;
  help?: string;
  /** Identifies the issue within its file without its line (for the fingerprint). */
  key: string;
}
