import type { RalphState } from './ralph-state.js';
import { codeSpan, escapeMarkdownText } from '../markdown-safe.js';
import { describeMiss } from './render-run-markdown.js';

export interface PrBodyInput {
  state: RalphState;
  issue?: number;
  /** `https://github.com/<owner>/<repo>/blob/<branch>/` for links to the plan. */
  blobUrl?: string;
  testSpec?: string;
  runUrl?: string;
}

const MAX_BODY = 60_000;

/** The ralph pull request: the issue, the plan, and every story with its evidence. */
export function renderPrBody(input: PrBodyInput): string {
  const { state } = input;
  const link = (path: string) =>
    input.blobUrl ? `[${codeSpan(path)}](${input.blobUrl}${path.split('/').map(encodeURIComponent).join('/')})` : codeSpan(path);
  const lines: string[] = [];
  if (input.issue !== undefined) lines.push(`${state.outcome === 'completed' ? 'Closes' : 'Refs'} #${input.issue}`, '');
  lines.push(`**Plan:** ${link(state.plan)}${input.testSpec ? ` · **Test spec:** ${link(input.testSpec)}` : ''}`);
  const run = [
    `**Outcome:** ${state.outcome ?? 'running'}`,
    `${state.iterations}/${state.maxIterations} agent turns`,
    `run ${codeSpan(state.runId)}`,
  ];
  if (input.runUrl) run.push(`[workflow run](${input.runUrl})`);
  lines.push(run.join(' · '));
  if (state.reason) lines.push(`**Why:** ${escapeMarkdownText(state.reason, 500)}`);
  lines.push('', '## Stories', '');
  for (const s of state.stories) {
    lines.push(`### ${s.passes ? '✅' : '❌'} ${codeSpan(s.id, 60)} ${escapeMarkdownText(s.title, 200)}`, '');
    if (s.passes && s.evidence) {
      lines.push(`Passed in iteration ${s.passedAt ?? '?'} (attempt ${s.attempts}). Verify commands that passed:`);
      for (const e of s.evidence)
        lines.push(
          `- ✓ ${codeSpan(e.command, 200)} (${e.scope === 'story' ? "story's own check" : 'passed before the run, still passes'})`,
        );
      if (!s.evidence.length) lines.push('- (no verify commands: the agent exited 0)');
    } else if (s.passes) {
      lines.push('Marked done in the plan before this run.');
    } else if (s.lastMiss) {
      lines.push(`Not done after ${s.attempts} attempt(s). Last miss (iteration ${s.lastMiss.iteration}): ${describeMiss(s.lastMiss)}`);
    } else {
      lines.push('Not attempted in this run.');
    }
    lines.push('');
  }
  const failing = (state.baseline ?? []).filter((b) => !b.passed);
  if (failing.length)
    lines.push(`<sub>Failing before the run (not required): ${failing.map((f) => codeSpan(f.command)).join(', ')}</sub>`, '');
  lines.push(
    '<sub>Opened by plangate ralph. The run state is in `.plangate/ralph/' + state.runId + '/` on the runner; it is not committed.</sub>',
  );
  const body = lines.join('\n');
  return body.length > MAX_BODY ? `${body.slice(0, MAX_BODY - 20)}\n\n… (truncated)` : body;
}
