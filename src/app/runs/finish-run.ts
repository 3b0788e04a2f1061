import { outcomeLabels } from '../../core/ralph/run-comment/outcome-labels.js';
import { renderRunComment } from '../../core/ralph/run-comment/render-run-comment.js';
import { isInFlight, SAFE_URL, type RunCommentData } from '../../core/ralph/run-comment/run-comment-data.js';
import { finishFromConclusion, finishRun } from '../../core/ralph/run-comment/run-comment-transitions.js';
import { addLabels } from '../github/add-labels.js';
import { getIssue } from '../github/get-issue.js';
import { removeLabel } from '../github/remove-label.js';
import { updateIssueComment } from '../../github/update-issue-comment.js';
import type { IssueSession } from '../issues/issue-session.js';
import type { IssueTaskOutcome } from '../runtime/issue-task-result.js';
import { issueNumberFromTitle } from './find-dispatched-run.js';
import { readRunResult } from './read-run-result.js';
import { runRecordsOf } from './run-records.js';

export interface CompletedRun {
  id: number;
  /** `.github/workflows/plangate-ralph.yml` */
  path: string;
  event: string;
  conclusion: string | null;
  displayTitle?: string | null;
  htmlUrl?: string;
}

/**
 * `workflow_run.completed` of the ralph workflow (docs/app.md, "End to end"): the runner's result
 * (artifact) or else the run's conclusion goes into the same run comment — outcome, stories,
 * the PR it opened — and the issue gets `ralph:done` or `ralph:blocked`, its execution labels
 * removed. The issue is the one the result names (or the run's title); the run comment there
 * must hold this run's id, or be the claim still waiting for one. A run already recorded as
 * finished is left alone (redelivery).
 */
export async function finishCompletedRun(session: IssueSession, run: CompletedRun): Promise<IssueTaskOutcome> {
  const loaded = await session.settings();
  if (!loaded.ok) return { outcome: 'config-problems' };
  const { ralph } = loaded.settings;
  if (run.path.split('/').pop() !== ralph.workflow) return { outcome: 'ignored', reason: `not the ralph workflow (${ralph.workflow})` };

  const titled = issueNumberFromTitle(run.displayTitle);
  // A redelivery: the titled issue's record already holds this run's end; no artifact download.
  const titledSession = titled ? session.forIssue(titled) : undefined;
  if (titledSession) {
    const done = runRecordsOf(await titledSession.comments(), session.botLogin).records.find(
      (r) => r.data.runId === run.id && r.data.status === 'finished',
    );
    if (done) return { outcome: 'already-finished', runId: run.id, issue: titled };
  }
  const { result, diagnostics } = await readRunResult(session, run.id);
  for (const d of diagnostics)
    session.log.warn({ runId: run.id, code: d.code, problem: d.message }, 'plangate: the run result was not used as is');
  // The title comes from the dispatch inputs; the result file from a job an agent ran: the title wins.
  const number = titled ?? result?.issue;
  if (!number) return { outcome: 'no-issue', runId: run.id };
  const issueSession = number === titled && titledSession ? titledSession : session.forIssue(number);
  const records = runRecordsOf(await issueSession.comments(), issueSession.botLogin).records;
  const record =
    records.find((r) => r.data.runId === run.id) ??
    // A claim that never learned its run id (no run details at dispatch): this run, if it names the issue.
    records.find((r) => isInFlight(r.data) && r.data.runId === undefined && (titled === undefined || titled === number));
  if (!record) return { outcome: 'no-run-comment', runId: run.id, issue: number };
  if (record.data.status === 'finished' && record.data.runId === run.id)
    return { outcome: 'already-finished', runId: run.id, issue: number };

  let data: RunCommentData = { ...record.data, runId: run.id };
  if (run.htmlUrl && SAFE_URL.test(run.htmlUrl)) data.runUrl = run.htmlUrl;
  data = result ? finishRun(data, result) : finishFromConclusion(data, run.conclusion);
  const unusable = diagnostics.find((d) => d.code !== 'result_missing');
  if (!result && unusable)
    data.reason = `the workflow run ended ${run.conclusion ?? 'without a conclusion'}; its result was not used: ${unusable.message}`;
  const ref = { owner: issueSession.target.owner, repo: issueSession.target.repo };
  await updateIssueComment(issueSession.octokit, { ...ref, commentId: record.comment.id }, renderRunComment(data));

  const labels = outcomeLabels(data.outcome ?? 'failed', ralph.labels);
  const issue = await getIssue(issueSession.octokit, issueSession.issue);
  const present = new Set(issue.labels.map((l) => l.toLowerCase()));
  for (const label of issue.labels)
    if (labels.remove.some((r) => r.toLowerCase() === label.toLowerCase()))
      await removeLabel(issueSession.octokit, issueSession.issue, label);
  await addLabels(
    issueSession.octokit,
    issueSession.issue,
    labels.add.filter((l) => !present.has(l.toLowerCase())),
  );
  return { outcome: 'finished', runOutcome: data.outcome, runId: run.id, issue: number, source: result ? 'result-file' : 'conclusion' };
}
