import type { SkillLintIssue } from './skill-lint-issue.js';

export const MAX_SKILL_NAME_LENGTH = 64;

export interface SkillNameInput {
  /** The frontmatter `name` value (any YAML type), undefined when the key is absent. */
  value: unknown;
  present: boolean;
  line: number;
  /** The directory name (the skill's identity). */
  dirName: string;
  /**
   * Other names the catalog gives this skill (its entry name and `aliases[]`); `none` when the
   * repository has no catalog; `unreadable` when one exists but cannot be read, so a mismatch
   * cannot be judged.
   */
  catalogAliases: ReadonlySet<string> | 'none' | 'unreadable';
}

/**
 * A valid name for a skill in this folder: the folder name in lowercase, every run of other
 * characters one hyphen, no hyphen at either end, at most 64 characters (`-21risk Automation` →
 * `21risk-automation`). The suggestion a finding makes must itself pass this lint.
 */
export function suggestSkillName(dirName: string): string {
  const slug = dirName
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return [...slug].slice(0, MAX_SKILL_NAME_LENGTH).join('').replace(/-+$/, '') || 'skill';
}

/** The frontmatter line for a valid name: quoted where YAML would read a number or a boolean (`name: "2048"`). */
export function skillNameLine(name: string): string {
  return /^[0-9]|^(true|false|null)$/.test(name) ? `name: "${name}"` : `name: ${name}`;
}

/** `name: <dir>`, or a valid name and the folder rename when the folder's name is not one. */
function nameFix(dirName: string): string {
  const name = suggestSkillName(dirName);
  const line = `\`${skillNameLine(name)}\``;
  return name === dirName ? line : `${line}, and rename the folder to \`${name}\` (a skill's name equals its folder)`;
}

/**
 * `name` per the Agent Skills spec: 1–64 chars of `a-z0-9-`, no leading/trailing or
 * doubled hyphen, after NFKC normalisation; never a path; equal to its directory.
 */
export function lintSkillName(input: SkillNameInput): SkillLintIssue[] {
  const { value, line, dirName } = input;
  if (!input.present || value === null || value === undefined) {
    return [
      {
        code: 'name_missing',
        severity: 'warning',
        line,
        message: `No \`name\` in the frontmatter; Claude Code falls back to the directory name "${dirName}", but the Agent Skills spec requires it`,
        help: `Add ${nameFix(dirName)} to the frontmatter.`,
        key: 'name',
      },
    ];
  }
  if (typeof value !== 'string') {
    return [invalid(line, `\`name\` must be a string, not ${describeType(value)}`, dirName)];
  }
  const normalized = value.normalize('NFKC');
  const traversal = pathProblem(value) ?? pathProblem(normalized);
  if (traversal) {
    return [
      {
        code: 'name_path_traversal',
        severity: 'error',
        line,
        message: `\`name\` ${JSON.stringify(value)} ${traversal}: installing this skill by name would write outside the skills root`,
        help: `Use the directory name: ${nameFix(dirName)}.`,
        key: `name:${value}`,
      },
    ];
  }
  const problem = nameProblem(normalized);
  if (problem) return [invalid(line, `\`name\` ${JSON.stringify(value)} ${problem}`, dirName, value)];
  const aliases = input.catalogAliases;
  if (aliases !== 'unreadable' && normalized !== dirName.normalize('NFKC') && (aliases === 'none' || !aliases.has(normalized))) {
    const rename = suggestSkillName(dirName) === dirName ? 'Rename one of them so they match' : `Rename the folder to \`${normalized}\``;
    return [
      {
        code: 'name_dir_mismatch',
        severity: 'warning',
        line,
        message:
          aliases === 'none'
            ? `\`name\` "${normalized}" differs from its directory "${dirName}"`
            : `\`name\` "${normalized}" differs from its directory "${dirName}" and is not one of the catalog's aliases for it`,
        help: aliases === 'none' ? `${rename}.` : `${rename}, or list "${normalized}" in the catalog entry's \`aliases\`.`,
        key: `name:${normalized}`,
      },
    ];
  }
  return [];
}

function invalid(line: number, message: string, dirName: string, value?: string): SkillLintIssue {
  return {
    code: 'name_invalid',
    severity: 'error',
    line,
    message,
    help: `Use 1–${MAX_SKILL_NAME_LENGTH} lowercase letters, digits and single hyphens, no hyphen first or last: ${nameFix(dirName)}.`,
    key: `name:${value ?? ''}`,
  };
}

/** Why a name would escape the skills root, or undefined. */
function pathProblem(name: string): string | undefined {
  if (name.includes('/') || name.includes('\\')) return 'contains a path separator';
  if (name.includes('..')) return 'contains ".."';
  if (/^[A-Za-z]:/.test(name)) return 'is an absolute Windows path';
  return undefined;
}

/** Why an (NFKC-normalised) name breaks the spec, or undefined. */
function nameProblem(name: string): string | undefined {
  const length = [...name].length;
  if (length === 0) return 'is empty';
  if (length > MAX_SKILL_NAME_LENGTH) return `is ${length} characters long (at most ${MAX_SKILL_NAME_LENGTH})`;
  const bad = [...name].find((c) => !/[a-z0-9-]/.test(c));
  if (bad !== undefined) return `contains ${JSON.stringify(bad)}; only lowercase a-z, digits and "-" are allowed`;
  if (name.startsWith('-') || name.endsWith('-')) return 'starts or ends with "-"';
  if (name.includes('--')) return 'contains "--"';
  return undefined;
}

function describeType(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a mapping' : `a ${typeof value}`;
}
