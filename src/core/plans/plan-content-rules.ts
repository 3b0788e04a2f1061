import type { Finding } from '../finding.js';
import { makeFinding } from '../finding.js';
import { isGenericCriterion } from './generic-criterion.js';
import { outlineMarkdown, type MarkdownLine } from './markdown-outline.js';

const MIN_PROSE_CHARS = 40;
const CHECKLIST = /^\s*(?:[-*+]|\d+[.)])\s+\[[ xX]\]\s+/;
const ACCEPTANCE_HEADING = /acceptance criteria|acceptance tests?|definition of done/;
const VERIFY_HEADING = /\b(?:commands?|verification|verify)\b/;
const COMMAND_LINE =
  /^\s*(?:[-*+]\s+)?(?:\$\s+|`[^`]+`|(?:npm|npx|pnpm|yarn|bun|node|pytest|python3?|go|cargo|make|mvn|gradle|dotnet|bash|sh|deno|uv|tox|ruby|bundle|rake|php|composer|swift|mix|just)\s)/;

interface ArtifactText {
  path: string;
  text: string;
}

/** `plans/empty_artifact`: nothing besides headings and whitespace (fewer than 40 characters of text, code included). */
export function checkEmptyArtifact(artifact: ArtifactText, label: string): Finding[] {
  const outline = outlineMarkdown(artifact.text);
  const prose = outline
    .filter((l) => l.kind !== 'heading' && l.kind !== 'blank' && l.kind !== 'frontmatter' && l.kind !== 'fence')
    .map((l) => l.text.trim())
    .join(' ')
    .replace(/\s+/g, ' ');
  if (prose.length >= MIN_PROSE_CHARS) return [];
  return [
    makeFinding({
      check: 'plans',
      ruleId: 'plans/empty_artifact',
      severity: 'error',
      file: artifact.path,
      line: 1,
      message: `The ${label} \`${artifact.path}\` has no content besides headings and whitespace (${prose.length} characters of text; at least ${MIN_PROSE_CHARS} needed).`,
      help: `Write the ${label}: what is being built, why, and how it will be checked.`,
    }),
  ];
}

/** PRD rules: acceptance criteria present, none of them generic, an ADR when asked. */
export function checkPrdContent(prd: ArtifactText, options: { requireAdr: boolean; label?: string }): Finding[] {
  const label = options.label ?? 'PRD';
  const outline = outlineMarkdown(prd.text);
  const findings: Finding[] = [];
  const criteria = criteriaLines(outline);
  const hasHeading = outline.some((l) => l.kind === 'heading' && ACCEPTANCE_HEADING.test(l.section));
  if (!hasHeading && !outline.some((l) => l.kind === 'list' && CHECKLIST.test(l.text))) {
    findings.push(
      makeFinding({
        check: 'plans',
        ruleId: 'plans/no_acceptance_criteria',
        severity: 'warning',
        file: prd.path,
        line: 1,
        message: `The ${label} \`${prd.path}\` has no "Acceptance criteria" heading and no \`- [ ]\` checklist.`,
        help: 'Add an "## Acceptance criteria" section with one checkable criterion per line.',
      }),
    );
  }
  for (const c of criteria) {
    if (!isGenericCriterion(c.text)) continue;
    findings.push(
      makeFinding({
        check: 'plans',
        ruleId: 'plans/generic_criterion',
        severity: 'warning',
        file: prd.path,
        line: c.line,
        column: 1,
        message: `Acceptance criterion "${c.text.trim().slice(0, 100)}" is generic ("PRD theater"): it names no behaviour anyone could check.`,
        help: 'Say what observable behaviour proves the work is done (input, output, command, expected result).',
        fingerprintKey: c.text.trim(),
      }),
    );
  }
  const headings = outline.filter((l) => l.kind === 'heading').map((l) => l.section);
  const hasAdr = ['decision', 'alternative', 'consequence'].every((word) => headings.some((h) => h.includes(word)));
  if (!hasAdr) {
    findings.push(
      makeFinding({
        check: 'plans',
        ruleId: 'plans/missing_adr',
        severity: options.requireAdr ? 'error' : 'notice',
        file: prd.path,
        line: 1,
        message: `The ${label} \`${prd.path}\` has no ADR section (at least Decision, Alternatives considered and Consequences headings).`,
        help: 'Add an ADR: Decision, Drivers, Alternatives considered, Why chosen, Consequences, Follow-ups.',
      }),
    );
  }
  return findings;
}

/** Test-spec rule: at least one command to run. */
export function checkTestSpecContent(spec: ArtifactText, label = 'test spec'): Finding[] {
  const outline = outlineMarkdown(spec.text);
  const hasFence = outline.some((l) => l.kind === 'code');
  const hasCommandSection = outline.some(
    (l) => (l.kind === 'list' || l.kind === 'prose') && VERIFY_HEADING.test(l.section) && COMMAND_LINE.test(l.text),
  );
  if (hasFence || hasCommandSection) return [];
  return [
    makeFinding({
      check: 'plans',
      ruleId: 'plans/no_verification_command',
      severity: 'warning',
      file: spec.path,
      line: 1,
      message: `The ${label} \`${spec.path}\` has no fenced code block and no "Commands"/"Verification" section with a command.`,
      help: 'Add the exact commands that verify the work, e.g. a ```bash block with `npm test`.',
    }),
  ];
}

/** Checklist items anywhere, plus list items under an acceptance-criteria heading (the ralph runner reuses it). */
export function criteriaLines(outline: MarkdownLine[]): MarkdownLine[] {
  return outline.filter((l) => l.kind === 'list' && (CHECKLIST.test(l.text) || ACCEPTANCE_HEADING.test(l.section)));
}
