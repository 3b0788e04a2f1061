import type { RalphResult } from './ralph-result.js';
import type { RalphProgress } from './ralph-progress.js';
import { safeLogLine } from '../terminal-safe.js';

/**
 * One progress line (CLI stderr, Action log): `story k/n`, `iteration i/N`. Story ids, titles,
 * commands and reasons come from the repository: the line is made safe for a terminal and a
 * workflow log (control characters shown escaped, never a workflow command).
 */
export function formatProgressLine(progress: RalphProgress): string | undefined {
  const line = progressText(progress);
  return line === undefined ? undefined : safeLogLine(line);
}

function progressText({ step, state, story }: RalphProgress): string | undefined {
  const n = state.stories.length;
  const budget = `${state.iterations}/${state.maxIterations}`;
  const storyNo = story ? `story ${state.stories.findIndex((s) => s.id === story.id) + 1}/${n} ${story.id}` : '';
  switch (step) {
    case 'started': {
      const done = state.stories.filter((s) => s.passes).length;
      return `ralph: run ${state.runId}: ${n} stor${n === 1 ? 'y' : 'ies'} (${done} done), ${state.verify.length} verify command(s), iteration ${budget}${state.resumes ? `, resume #${state.resumes}` : ''}`;
    }
    case 'baseline': {
      const failing = (state.baseline ?? []).filter((b) => !b.passed).map((b) => b.command);
      const passing = (state.baseline ?? []).length - failing.length;
      return `ralph: baseline: ${passing}/${(state.baseline ?? []).length} verify command(s) pass${failing.length ? `; already failing (will not block): ${failing.join(' | ')}` : ''}`;
    }
    case 'iteration_started':
      return `ralph: iteration ${budget} — ${storyNo} "${story?.title}" (attempt ${story?.attempts})`;
    case 'iteration_judged':
      if (!story) return undefined;
      if (story.passes) return `ralph: iteration ${budget} — ${storyNo} passes`;
      return `ralph: iteration ${budget} — ${storyNo} missed (${story.consecutiveMisses}/${state.maxStoryAttempts}): ${story.lastMiss?.reasons.join('; ')}`;
    case 'stopped':
      return `ralph: ${state.outcome} after ${state.iterations}/${state.maxIterations} iteration(s) — ${state.reason ?? ''}`;
  }
}

/** The human-readable end of a CLI run (without --json), every line safe for a terminal. */
export function formatResultText(result: RalphResult, stateDir: string): string {
  const lines = [
    `outcome: ${result.outcome}`,
    `iterations: ${result.iterations}/${result.maxIterations}`,
    `run: ${result.runId} (${stateDir})`,
  ];
  if (result.reason) lines.push(`reason: ${result.reason}`);
  lines.push('stories:');
  for (const s of result.stories) lines.push(`  ${s.passes ? 'PASS' : 'open'}  ${s.id}  ${s.title}  (attempts: ${s.attempts})`);
  if (['cancelled', 'exhausted', 'failed', 'blocked'].includes(result.outcome)) {
    lines.push(
      `resume: plangate ralph --resume ${result.runId} --agent "<command>"${result.outcome === 'exhausted' ? ' --max-iterations <more>' : ''}`,
    );
  }
  return `${lines.map(safeLogLine).join('\n')}\n`;
}
