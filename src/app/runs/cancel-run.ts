import { renderRunComment } from '../../core/ralph/run-comment/render-run-comment.js';
import type { RunCommentData } from '../../core/ralph/run-comment/run-comment-data.js';
import { markCancelRequested, markRunStarted } from '../../core/ralph/run-comment/run-comment-transitions.js';
import { cancelWorkflowRun } from '../github/cancel-workflow-run.js';
import { updateIssueComment } from '../../github/update-issue-comment.js';
import type { IssueSession, RunSettings } from '../issues/issue-session.js';
import { findDispatchedRun } from './find-dispatched-run.js';
import { inFlightRecord, runRecordsOf } from './run-records.js';

export type CancelRunResult =
  | { kind: 'nothing-in-flight' }
  /** `github`: what the cancel call said (`requested`, or the run had already ended). */
  | { kind: 'cancel-requested'; data: RunCommentData; github: 'requested' | 'already-completed' | 'gone' | 'no-run' };

/**
 * `cancel` label or `/plangate cancel` (docs/approval.md, "Labels"): cancel the run in flight through
 * the Actions API (its id from the run comment, or found by its title), and record it in the
 * run comment. The run's `workflow_run.completed` then ends the record as `cancelled`; a claim
 * that never got a run ends `cancelled` at once. The caller removes the labels.
 */
export async function cancelRun(session: IssueSession, settings: RunSettings): Promise<CancelRunResult> {
  const record = inFlightRecord(runRecordsOf(await session.comments(), session.botLogin).records);
  if (!record) return { kind: 'nothing-in-flight' };
  let data = record.data;
  if (data.runId === undefined) {
    const found = await findDispatchedRun(session, settings.ralph.workflow);
    if (found) data = markRunStarted(data, found);
  }
  const ref = { owner: session.target.owner, repo: session.target.repo };
  let github: 'requested' | 'already-completed' | 'gone' | 'no-run' = 'no-run';
  if (data.runId !== undefined) github = await cancelWorkflowRun(session.octokit, { ...ref, runId: data.runId });
  // A run GitHub no longer knows never sends `completed`: the record ends now.
  data = github === 'gone' ? { ...data, status: 'finished', outcome: 'cancelled' } : markCancelRequested(data);
  await updateIssueComment(session.octokit, { ...ref, commentId: record.comment.id }, renderRunComment(data));
  session.invalidateComments();
  return { kind: 'cancel-requested', data, github };
}
