import type { AttemptMiss, RalphState, StoryProgress } from './ralph-state.js';
import { OUTCOME_TITLE } from './outcome-titles.js';
import { OBJECT_ID } from './plan-pins.js';
import { codeSpan, escapeMarkdownText } from '../markdown-safe.js';

export interface RunMarkdownInput {
  state: RalphState;
  /** Hidden lines at the top (the marker, and lines another writer — the App — put there). */
  header?: string[];
  issue?: number;
  runUrl?: string;
  prUrl?: string;
  /** The commit the run is pinned to (the one its plan was approved at). */
  commit?: string;
  /** Upper bound on the body length (GitHub: comment 65,536; job summary 1 MiB). */
  maxLength: number;
}

const MAX_ROWS = 200;

/**
 * The issue's run comment and the job summary: outcome or `iteration i/N`, `story k/n`,
 * and the stories table. Story text comes from the repository, so it is escaped.
 */
export function renderRunMarkdown(input: RunMarkdownInput): string {
  const { state } = input;
  const lines: string[] = [...(input.header ?? [])];
  const status = state.outcome ? OUTCOME_TITLE[state.outcome] : '🔁 running';
  lines.push(`### plangate ralph: ${status} · iteration ${state.iterations}/${state.maxIterations}`, '');
  const facts = [`**Plan:** ${codeSpan(state.plan)}`];
  // A full SHA as plain text: GitHub links it to the commit.
  if (input.commit && OBJECT_ID.test(input.commit)) facts.push(`**Commit:** ${input.commit}`);
  facts.push(`**Run:** ${codeSpan(state.runId)}`);
  if (input.runUrl) facts.push(`[workflow run](${input.runUrl})`);
  if (input.prUrl) facts.push(`**Pull request:** ${input.prUrl}`);
  lines.push(facts.join(' · '), '');
  const current = state.current ?? state.interrupted;
  if (current && !state.outcome) {
    const index = state.stories.findIndex((s) => s.id === current.storyId);
    const story = state.stories[index]!;
    lines.push(
      `**Now:** story ${index + 1}/${state.stories.length} ${codeSpan(story.id)} ${escapeMarkdownText(story.title, 120)} — attempt ${story.attempts}, ${current.phase === 'agent' ? 'agent working' : 'verifying'}`,
      '',
    );
  }
  if (state.outcome && state.reason) lines.push(`**Result:** ${escapeMarkdownText(state.reason, 600)}`, '');

  const done = state.stories.filter((s) => s.passes).length;
  lines.push(`**Stories:** ${done}/${state.stories.length} pass`, '');
  lines.push('| # | story | title | status | attempts | evidence / last miss |', '| ---: | --- | --- | --- | ---: | --- |');
  state.stories.slice(0, MAX_ROWS).forEach((s, i) => lines.push(storyRow(state, s, i)));
  if (state.stories.length > MAX_ROWS) lines.push('', `… ${state.stories.length - MAX_ROWS} more stories (see the run's state.json).`);

  const failing = (state.baseline ?? []).filter((b) => !b.passed);
  if (state.baseline) {
    const note = `baseline: ${state.baseline.length - failing.length}/${state.baseline.length} verify command(s) passed before the run`;
    lines.push(
      '',
      `<sub>${note}${failing.length ? `; already failing (never blocks): ${failing.map((f) => codeSpan(f.command)).join(', ')}` : ''}</sub>`,
    );
  }
  return clip(lines.join('\n'), input.maxLength);
}

function storyRow(state: RalphState, s: StoryProgress, i: number): string {
  const inFlight = state.current?.storyId === s.id;
  const status = s.passes
    ? '✅ passes'
    : inFlight
      ? '🔄 in progress'
      : s.consecutiveMisses
        ? `❌ missed ${s.consecutiveMisses}×`
        : '⏳ open';
  let detail = '';
  if (s.passes && s.evidence) detail = s.evidence.map((e) => `${codeSpan(e.command, 80)} ✓`).join(' · ');
  else if (s.lastMiss) detail = describeMiss(s.lastMiss);
  return `| ${i + 1} | ${codeSpan(s.id, 60)} | ${escapeMarkdownText(s.title, 120)} | ${status} | ${s.attempts} | ${detail} |`;
}

/** A miss from its facts (commands rendered as code, never re-parsed from the reason text). */
export function describeMiss(miss: AttemptMiss): string {
  const parts: string[] = [];
  if (miss.agentTimedOut) parts.push('agent timed out');
  else if (miss.agentExitCode !== 0) parts.push(`agent exited ${miss.agentExitCode ?? 'on a signal'}`);
  for (const f of miss.failures)
    parts.push(`${codeSpan(f.command, 80)} ✗ ${f.timedOut ? '(timed out)' : `(exit ${f.exitCode ?? 'signal'})`}`);
  const accounted = (miss.agentTimedOut || miss.agentExitCode !== 0 ? 1 : 0) + miss.failures.length;
  if (accounted < miss.reasons.length) parts.push(escapeMarkdownText(miss.reasons.join('; '), 300));
  return parts.join(' · ');
}

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = '\n\n… (truncated)';
  return text.slice(0, max - note.length) + note;
}
