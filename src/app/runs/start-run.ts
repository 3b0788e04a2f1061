import { randomUUID } from 'node:crypto';
import { decideClaim, decideDispatch } from '../../core/ralph/run-comment/decide-dispatch.js';
import { renderRunComment } from '../../core/ralph/run-comment/render-run-comment.js';
import { isInFlight, type RunApproval, type RunCommentData } from '../../core/ralph/run-comment/run-comment-data.js';
import { markDispatchFailed, markRunStarted, newRunCommentData } from '../../core/ralph/run-comment/run-comment-transitions.js';
import { createIssueComment } from '../../github/create-issue-comment.js';
import { deleteIssueComment } from '../../github/delete-issue-comment.js';
import { dispatchWorkflow } from '../github/dispatch-workflow.js';
import { updateIssueComment } from '../../github/update-issue-comment.js';
import type { IssueSession, RunSettings } from '../issues/issue-session.js';
import { jobContext } from '../queue/job-context.js';
import { describeFailure } from '../runtime/describe-failure.js';
import { findDispatchedRun } from './find-dispatched-run.js';
import { retireRunComment } from './retire-run-comment.js';
import { currentRunRecord, inFlightRecord, runRecordsOf } from './run-records.js';

/** What the gate and the approval were checked against; the runner refuses anything else. */
export interface RunPins {
  commit: string;
  prdSha?: string;
  testSpec?: string;
  testSpecSha?: string;
  /** Blob SHA of the PRD's `prd.json` stories file, when the plan has one. */
  storiesSha?: string;
}

export interface RunRequest {
  /** The exactly-once key of the trigger (`dispatchKey`). */
  key: string;
  mode: 'ralph' | 'team';
  plan?: string;
  pins: RunPins;
  approval?: RunApproval;
  settings: RunSettings;
}

export type StartRunResult =
  | { kind: 'dispatched'; commentId: number; data: RunCommentData }
  | { kind: 'already-dispatched' | 'superseded'; data: RunCommentData }
  | { kind: 'in-flight'; answer: string }
  /** Another delivery (a duplicate, another replica) claimed first; it dispatches. */
  | { kind: 'lost-claim'; winnerKey: string }
  | { kind: 'dispatch-failed'; reason: string; commentId: number };

/**
 * Dispatches the ralph workflow for an issue exactly once (docs/approval.md, exactly-once dispatch, ADR 0003).
 * The durable record is the App's run comment on GitHub, never memory:
 * 1. decide from the run comments: this key already there → nothing to do;
 * 2. claim: post a new run comment holding the key and a fresh nonce *before* dispatching;
 * 3. list again: the oldest run in flight is the record — only the delivery whose claim that
 *    is dispatches; a loser deletes its claim (comment ids order the claims for every replica);
 * 4. dispatch, then write the run's id and link into the same comment.
 */
export async function startRun(session: IssueSession, request: RunRequest): Promise<StartRunResult> {
  const { ralph } = request.settings;
  const before = runRecordsOf(await session.comments(), session.botLogin);
  for (const bad of before.unreadable)
    session.log.warn(
      { commentId: bad.commentId, problem: bad.message },
      'plangate: an App run comment could not be read; it decides nothing',
    );
  // In a queued job the claim is the job's id: a retry of a job whose worker died between its claim
  // and the dispatch recognises its own claim and finishes it, instead of counting it as dispatched.
  const claim = jobContext.getStore()?.jobId ?? randomUUID();
  const own = inFlightRecord(before.records);
  if (own && own.data.key === request.key && own.data.claim === claim && own.data.status === 'dispatched' && own.data.runId === undefined) {
    session.log.info(
      { commentId: own.comment.id },
      "plangate: resuming this job's own claim (its earlier attempt stopped before recording a run)",
    );
    return dispatchAndRecord(session, request, own.comment.id, own.data, { lookFirst: true });
  }
  const decision = decideDispatch(currentRunRecord(before.records, request.key)?.data, request.key);
  if (decision.kind === 'already-dispatched' || decision.kind === 'superseded') return { kind: decision.kind, data: decision.existing };
  if (decision.kind === 'in-flight') return { kind: 'in-flight', answer: decision.answer };

  const data = newRunCommentData({
    key: request.key,
    claim,
    previousKeys: decision.previousKeys,
    mode: request.mode,
    maxIterations: ralph.maxIterations,
    ...(request.plan ? { plan: request.plan } : {}),
    commit: request.pins.commit,
    ...(request.approval ? { approval: request.approval } : {}),
  });
  const ref = { owner: session.target.owner, repo: session.target.repo };
  const mine = await createIssueComment(session.octokit, session.issue, renderRunComment(data));
  session.invalidateComments();
  const after = runRecordsOf(await session.comments(), session.botLogin).records;
  const winner = after.find((r) => isInFlight(r.data));
  if (decideClaim(winner?.data, request.key, claim) === 'lost') {
    await deleteIssueComment(session.octokit, { ...ref, commentId: mine.id });
    session.invalidateComments();
    return { kind: 'lost-claim', winnerKey: winner?.data.key ?? '' };
  }
  for (const other of after) if (other.comment.id !== mine.id) await retireRunComment(session, other);

  return dispatchAndRecord(session, request, mine.id, data, { lookFirst: false });
}

/**
 * Dispatches for the claim in comment `commentId` and records the run there. `lookFirst`: an
 * earlier attempt of this job may have dispatched already — a run of the workflow for this issue
 * that is still going is taken as that dispatch rather than starting a second one.
 */
async function dispatchAndRecord(
  session: IssueSession,
  request: RunRequest,
  commentId: number,
  claimed: RunCommentData,
  options: { lookFirst: boolean },
): Promise<StartRunResult> {
  const { ralph } = request.settings;
  const ref = { owner: session.target.owner, repo: session.target.repo };
  const update = (next: RunCommentData) => updateIssueComment(session.octokit, { ...ref, commentId }, renderRunComment(next));
  let run: { runId: number; runUrl?: string } | undefined = options.lookFirst
    ? await findDispatchedRun(session, ralph.workflow)
    : undefined;
  if (!run) {
    let dispatched: Awaited<ReturnType<typeof dispatchWorkflow>>;
    try {
      dispatched = await dispatchWorkflow(session.octokit, {
        ...ref,
        workflow: ralph.workflow,
        ref: session.target.defaultBranch,
        inputs: dispatchInputs(session.target.number, session.botLogin, request),
      });
    } catch (error) {
      const reason = dispatchFailureReason(error, ralph.workflow);
      session.log.warn({ err: error, failure: reason }, 'plangate: the ralph workflow could not be dispatched');
      await update(markDispatchFailed(claimed, reason));
      session.invalidateComments();
      return { kind: 'dispatch-failed', reason, commentId };
    }
    run = dispatched.runId
      ? { runId: dispatched.runId, ...(dispatched.htmlUrl ? { runUrl: dispatched.htmlUrl } : {}) }
      : await findDispatchedRun(session, ralph.workflow).catch((error: unknown) => {
          session.log.warn(
            { err: error, failure: describeFailure(error) },
            'plangate: the dispatched run could not be looked up; the run completion names it',
          );
          return undefined;
        });
  }
  const data = run ? markRunStarted(claimed, run) : claimed;
  // The listing stays cached: only this comment's body changed, and nothing after this reads it.
  await update(data);
  return { kind: 'dispatched', commentId, data };
}

/**
 * The workflow_dispatch inputs (GitHub allows 25; these are 10): the run is pinned to the commit
 * the gate was evaluated at and to the blob SHAs of the PRD, test spec and stories file that were approved —
 * the dispatch `ref` can only name a branch, whose head may hold another plan by then — and
 * told the App's own login, so the runner updates this App's run comment and no look-alike.
 */
export function dispatchInputs(
  issue: number,
  appLogin: string,
  request: Pick<RunRequest, 'plan' | 'mode' | 'pins' | 'settings'>,
): Record<string, string> {
  return {
    issue: String(issue),
    plan: request.plan ?? '',
    mode: request.mode,
    'max-iterations': String(request.settings.ralph.maxIterations),
    commit: request.pins.commit,
    'prd-sha': request.pins.prdSha ?? '',
    'test-spec': request.pins.testSpec ?? '',
    'test-spec-sha': request.pins.testSpecSha ?? '',
    'stories-sha': request.pins.storiesSha ?? '',
    'app-login': appLogin,
  };
}

/** A workflow copied before the run was pinned does not declare the pin inputs: say what to do. */
function dispatchFailureReason(error: unknown, workflow: string): string {
  const reason = describeFailure(error);
  return /unexpected inputs/i.test(reason)
    ? `${reason} — the workflow ${workflow} predates pinned runs: copy examples/workflows/plangate-ralph.yml again (it declares commit, prd-sha, test-spec, test-spec-sha, stories-sha and app-login and checks out the commit)`
    : reason;
}
