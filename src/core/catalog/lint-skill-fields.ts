import type { SkillLintIssue } from './skill-lint-issue.js';

export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_COMPATIBILITY_LENGTH = 500;

/** The Agent Skills spec keys plus the ones Claude Code reads. */
export const KNOWN_FRONTMATTER_KEYS: ReadonlySet<string> = new Set([
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
  'argument-hint',
  'disable-model-invocation',
  'user-invocable',
  'context',
  'agent',
  'model',
  'hooks',
]);

/** `description`, `compatibility` and unknown keys of one skill's frontmatter mapping. */
export function lintSkillFields(
  data: Record<string, unknown>,
  keyLines: ReadonlyMap<string, number>,
  fallbackLine: number,
): SkillLintIssue[] {
  const issues: SkillLintIssue[] = [];
  const lineOf = (key: string): number => keyLines.get(key) ?? fallbackLine;
  const description = Object.hasOwn(data, 'description') ? data.description : undefined;
  if (typeof description !== 'string' || description.trim() === '') {
    issues.push({
      code: 'description_missing',
      severity: 'error',
      line: lineOf('description'),
      message:
        description === undefined || description === null
          ? 'No `description` in the frontmatter; agents pick skills by their description'
          : typeof description === 'string'
            ? 'The `description` is empty; agents pick skills by their description'
            : 'The `description` is not text; agents pick skills by their description',
      help: 'Add `description:` saying what the skill does and when to use it.',
      key: 'description',
    });
  } else {
    const length = [...description].length;
    if (length > MAX_DESCRIPTION_LENGTH) {
      issues.push({
        code: 'description_too_long',
        severity: 'warning',
        line: lineOf('description'),
        message: `The \`description\` is ${length} characters long (the Agent Skills limit is ${MAX_DESCRIPTION_LENGTH})`,
        help: 'Shorten it; move details into the body of SKILL.md.',
        key: 'description',
      });
    }
  }
  const compatibility = Object.hasOwn(data, 'compatibility') ? data.compatibility : undefined;
  if (typeof compatibility === 'string' && [...compatibility].length > MAX_COMPATIBILITY_LENGTH) {
    issues.push({
      code: 'compatibility_too_long',
      severity: 'warning',
      line: lineOf('compatibility'),
      message: `The \`compatibility\` is ${[...compatibility].length} characters long (the Agent Skills limit is ${MAX_COMPATIBILITY_LENGTH})`,
      help: 'Keep it to the environment requirements; move details into the body.',
      key: 'compatibility',
    });
  }
  for (const key of Object.keys(data)) {
    if (KNOWN_FRONTMATTER_KEYS.has(key)) continue;
    issues.push({
      code: 'unknown_frontmatter_key',
      severity: 'notice',
      line: lineOf(key),
      message: `Frontmatter key \`${key}\` is neither in the Agent Skills spec nor read by Claude Code`,
      help: 'Move custom data under `metadata:`, or remove the key.',
      key: `key:${key}`,
    });
  }
  return issues;
}
