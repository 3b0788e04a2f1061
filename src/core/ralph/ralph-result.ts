import type { RalphOutcome, RalphState } from './ralph-state.js';

/** The result object `plangate ralph` ends with (docs/cli.md, "JSON"). */
export interface RalphResult {
  outcome: RalphOutcome;
  iterations: number;
  stories: { id: string; title: string; passes: boolean; attempts: number }[];
  runId: string;
  /** Additions beyond the contract's four keys, for people and the App. */
  maxIterations: number;
  plan: string;
  reason?: string;
  prUrl?: string;
}

export function ralphResultOf(state: RalphState, extra: { prUrl?: string } = {}): RalphResult {
  const result: RalphResult = {
    outcome: state.outcome ?? 'failed',
    iterations: state.iterations,
    stories: state.stories.map((s) => ({ id: s.id, title: s.title, passes: s.passes, attempts: s.attempts })),
    runId: state.runId,
    maxIterations: state.maxIterations,
    plan: state.plan,
  };
  if (state.reason) result.reason = state.reason;
  if (extra.prUrl) result.prUrl = extra.prUrl;
  return result;
}
