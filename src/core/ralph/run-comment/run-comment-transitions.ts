import type { RalphOutcome } from '../ralph-state.js';
import { RALPH_RESULT_FILE_NAME, type RalphResultFile } from '../parse-ralph-result.js';
import { isInFlight, type RunApproval, type RunCommentData } from './run-comment-data.js';

/** The run comment data written before the dispatch call (the claim), `iteration 0/N`. */
export function newRunCommentData(input: {
  key: string;
  claim?: string;
  previousKeys: string[];
  mode: 'ralph' | 'team';
  plan?: string;
  commit?: string;
  maxIterations: number;
  approval?: RunApproval;
}): RunCommentData {
  const data: RunCommentData = {
    version: 1,
    key: input.key,
    previousKeys: [...input.previousKeys],
    status: 'dispatched',
    mode: input.mode,
    iteration: 0,
    maxIterations: input.maxIterations,
  };
  if (input.claim !== undefined) data.claim = input.claim;
  if (input.plan !== undefined) data.plan = input.plan;
  if (input.commit !== undefined) data.commit = input.commit;
  if (input.approval) data.approval = input.approval;
  return data;
}

/** The workflow run is known (dispatch answered with its details, or `workflow_run` named it). */
export function markRunStarted(data: RunCommentData, run: { runId: number; runUrl?: string }): RunCommentData {
  if (!isInFlight(data)) return data;
  const next: RunCommentData = { ...data, runId: run.runId, status: data.status === 'cancel_requested' ? 'cancel_requested' : 'running' };
  if (run.runUrl) next.runUrl = run.runUrl;
  return next;
}

export function markDispatchFailed(data: RunCommentData, reason: string): RunCommentData {
  return { ...data, status: 'dispatch_failed', reason };
}

/**
 * `/plangate cancel` or the cancel label: with a known run, wait for its `completed` event;
 * without one there is nothing to wait for, so the record ends `cancelled` now.
 */
export function markCancelRequested(data: RunCommentData): RunCommentData {
  if (!isInFlight(data)) return data;
  if (data.runId === undefined) return { ...data, status: 'finished', outcome: 'cancelled' };
  return { ...data, status: 'cancel_requested' };
}

/** The runner's result file arrived: outcome, iterations, stories, PR. */
export function finishRun(data: RunCommentData, result: RalphResultFile): RunCommentData {
  const next: RunCommentData = {
    ...data,
    status: 'finished',
    outcome: result.outcome,
    iteration: result.iterations,
    maxIterations: result.maxIterations || data.maxIterations,
    stories: result.stories.map((s) => ({ id: s.id, title: s.title, passes: s.passes, attempts: s.attempts })),
  };
  delete next.storiesOmitted;
  if (result.runId) next.ralphRunId = result.runId;
  if (result.prUrl) next.prUrl = result.prUrl;
  if (result.reason) next.reason = result.reason;
  return next;
}

/**
 * No result file (the job died before writing it): the workflow run's conclusion is all
 * there is. Only `cancelled` is sure; every other non-success is `failed` (blocked and
 * exhausted runs also end in failure, but only the result file can tell them apart).
 */
export function outcomeFromConclusion(conclusion: string | null | undefined): RalphOutcome {
  if (conclusion === 'success') return 'completed';
  if (conclusion === 'cancelled') return 'cancelled';
  return 'failed';
}

export function finishFromConclusion(data: RunCommentData, conclusion: string | null | undefined): RunCommentData {
  const outcome = outcomeFromConclusion(conclusion);
  return {
    ...data,
    status: 'finished',
    outcome,
    reason: `the workflow run ended ${conclusion ?? 'without a conclusion'} and left no ${RALPH_RESULT_FILE_NAME}`,
  };
}
