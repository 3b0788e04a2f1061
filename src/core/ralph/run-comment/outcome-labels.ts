import type { RalphConfig } from '../../config/schema.js';
import type { RalphOutcome } from '../ralph-state.js';

export interface OutcomeLabels {
  add: string[];
  remove: string[];
}

/**
 * Labels when a run ends (docs/app.md, "End to end"): `ralph:done` for completed; `ralph:blocked`
 * for blocked, exhausted, failed and integrity_violation (a person has to look); none for
 * cancelled (someone chose to stop it). The execution labels always go, and so does the
 * other outcome label, so a re-run does not leave `done` and `blocked` side by side.
 */
export function outcomeLabels(
  outcome: RalphOutcome,
  labels: Pick<RalphConfig['labels'], 'run' | 'team' | 'done' | 'blocked'>,
): OutcomeLabels {
  const execution = [...labels.run, ...labels.team];
  if (outcome === 'cancelled') return { add: [], remove: execution };
  if (outcome === 'completed') return { add: [labels.done], remove: [...execution, labels.blocked] };
  return { add: [labels.blocked], remove: [...execution, labels.done] };
}
