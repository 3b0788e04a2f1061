import type { SkillLintIssue } from './skill-lint-issue.js';

/**
 * Provider-specific wording (docs/rules/catalog.md) that makes a skill assume one agent's
 * runtime or directory layout. Paths match only as their own token (`~/.claude/x`,
 * not `foo.claude`); `.github/copilot` matches as a prefix (`.github/copilot-instructions.md`).
 */
export const PORTABILITY_TERMS = [
  { term: 'tmux-only', pattern: /\btmux-only\b/gi },
  { term: 'Codex-only', pattern: /\bcodex-only\b/gi },
  { term: 'Claude-only', pattern: /\bclaude-only\b/gi },
  { term: 'OMX_TEAM_STATE_ROOT', pattern: /\bOMX_TEAM_STATE_ROOT\b/g },
  { term: 'TMUX_PANE', pattern: /\bTMUX_PANE\b/g },
  { term: '.omx', pattern: /(?<![\w.-])\.omx(?![\w-])/g },
  { term: '.agents', pattern: /(?<![\w.-])\.agents(?![\w-])/g },
  { term: '.claude', pattern: /(?<![\w.-])\.claude(?![\w-])/g },
  { term: '.github/copilot', pattern: /(?<![\w.-])\.github\/copilot/g },
] as const;

/** A cheap prefilter: a line without any of these substrings cannot match a term. */
const PREFILTER = /-only|OMX_TEAM|TMUX_PANE|\.omx|\.agents|\.claude|\.github\/copilot/i;

/**
 * One issue per term per line of the body. `firstLine` is the body's first line in the file;
 * the fingerprint key counts occurrences of a term so that it survives lines moving.
 */
export function findPortabilityIssues(body: string, firstLine: number): SkillLintIssue[] {
  // Most bodies mention none of the terms: one pass over the whole text settles them.
  if (!PREFILTER.test(body)) return [];
  const issues: SkillLintIssue[] = [];
  const seen = new Map<string, number>();
  const lines = body.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (!PREFILTER.test(text)) continue;
    for (const { term, pattern } of PORTABILITY_TERMS) {
      pattern.lastIndex = 0;
      const match = pattern.exec(text);
      if (!match) continue;
      const nth = (seen.get(term) ?? 0) + 1;
      seen.set(term, nth);
      issues.push({
        code: 'portability',
        severity: 'warning',
        line: firstLine + i,
        column: match.index + 1,
        message: `Provider-specific wording "${match[0]}" in the skill body; the catalog's skills are meant to work with any provider`,
        help: "Describe the behaviour without naming one provider's runtime, directory or environment variable, or move it to that provider's own skill.",
        key: `portability:${term}:${nth}`,
      });
    }
  }
  return issues;
}
