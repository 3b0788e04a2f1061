import type { RunApproval } from '../../core/ralph/run-comment/run-comment-data.js';
import { escapeMarkdownText } from '../../core/markdown-safe.js';
import { addLabels } from '../github/add-labels.js';
import { getIssue } from '../github/get-issue.js';
import { removeLabel } from '../github/remove-label.js';
import { ISSUE_GATE_MARKER, markedAmong, upsertStickyComment, type StickyCommentTarget } from '../../github/sticky-comment.js';
import { configProblemsOutcome } from '../pull-request/check-run-outcome.js';
import { startRun, type RunPins } from '../runs/start-run.js';
import { answer } from './answer.js';
import type { IssueSession, RunSettings } from './issue-session.js';
import { readIssueGateState, type IssueGateState, type LoadedGate } from './read-issue-gate-state.js';
import { renderIssueGateComment } from './render-issue-gate-comment.js';

export interface ExecutionRequest {
  /** The execution label added (for `/plangate run`: the first run label). */
  label: string;
  /** The exactly-once key (`dispatchKey`) of the trigger. */
  key: string;
  /** Who asked (already authorized: approvers permission or a trusted bot). */
  sender: string;
  /** A label event: act only while the label is still on the issue (a late redelivery finds it gone). */
  labelEvent: boolean;
  /** The trigger's answer id (`answer`), for what must be said. */
  answerId: string;
}

export type ExecutionOutcome =
  | { outcome: 'skipped'; reason: string }
  | { outcome: 'blocked'; reason: string }
  | {
      outcome:
        'dispatched' | 'already-dispatched' | 'superseded' | 'in-flight' | 'lost-claim' | 'dispatch-failed' | 'ignored' | 'config-problems';
    };

/**
 * An execution label was added, or `/plangate run` (docs/approval.md, "Labels"): the gate on the
 * default branch (or the issue's `Branch:` / `Plan:`) plus approval when `requireApproval`.
 * BLOCKED → execution labels off, `ralplan` on, the issue gate comment says what is missing.
 * UNLOCKED → the workflow is dispatched exactly once and the run comment written.
 */
export async function requestExecution(session: IssueSession, settings: RunSettings, request: ExecutionRequest): Promise<ExecutionOutcome> {
  const issue = await getIssue(session.octokit, session.issue);
  if (issue.isPull) {
    await answer(
      session,
      request.answerId,
      'ralph runs start from issues: add the execution label (or comment `/plangate run`) on the issue the plan belongs to.',
    );
    return { outcome: 'skipped', reason: 'a pull request' };
  }
  if (issue.state !== 'open') {
    await answer(session, request.answerId, 'This issue is closed: reopen it to start a ralph run.');
    return { outcome: 'skipped', reason: 'a closed issue' };
  }
  if (request.labelEvent && !issue.labels.some((l) => l.toLowerCase() === request.label.toLowerCase())) {
    return { outcome: 'skipped', reason: `the ${request.label} label is no longer on the issue` };
  }
  const state = await readIssueGateState(session, issue, { label: request.label, actorMayBypass: true });
  if (state.kind === 'skipped') return { outcome: 'skipped', reason: state.reason };
  if (state.kind === 'problems') {
    await answer(session, request.answerId, configProblemsOutcome(state.problems, state.file).summary);
    return { outcome: 'config-problems' };
  }
  const { decision } = state;
  if (decision.kind === 'ignored') return { outcome: 'ignored' };
  if (decision.kind === 'blocked') {
    for (const label of decision.removeLabels) await removeLabel(session.octokit, session.issue, label);
    if (!issue.labels.some((l) => l.toLowerCase() === decision.addLabel.toLowerCase()))
      await addLabels(session.octokit, session.issue, [decision.addLabel]);
    const removed = decision.removeLabels.map((l) => `\`${escapeMarkdownText(l, 50)}\``).join(', ');
    const note = `<sub>${removed ? `Removed ${removed} and added` : 'Added'} \`${escapeMarkdownText(decision.addLabel, 50)}\`: finish the plan${settings.plans.requireApproval ? ' and get it approved' : ''}, then add the label again.</sub>`;
    await upsertStickyComment(
      session.octokit,
      issueGateComment(session),
      renderIssueGateComment({ ...state.view, status: 'BLOCKED', gateText: decision.reasonText, note }),
      await session.comments(),
    );
    session.invalidateComments();
    return { outcome: 'blocked', reason: decision.reason };
  }

  const started = await startRun(session, {
    key: request.key,
    mode: decision.mode,
    settings,
    approval: runApprovalOf(state, decision.via, request.sender),
    ...(decision.plan ? { plan: decision.plan } : {}),
    pins: runPinsOf(state.loaded, decision.plan),
  });
  if (started.kind === 'in-flight') await answer(session, request.answerId, started.answer);
  if (started.kind === 'dispatched') {
    for (const label of decision.removeLabels) await removeLabel(session.octokit, session.issue, label);
    await refreshIssueGateComment(session, state);
  }
  return { outcome: started.kind };
}

/** The issue gate comment shows the gate as it is now: rewritten if the issue has one, created only with `create`. */
export async function refreshIssueGateComment(
  session: IssueSession,
  state: IssueGateState,
  options: { create?: boolean } = {},
): Promise<void> {
  const comments = await session.comments();
  if (!options.create && !markedAmong(comments, issueGateComment(session)).length) return;
  await upsertStickyComment(session.octokit, issueGateComment(session), renderIssueGateComment(state.view), comments);
  session.invalidateComments();
}

/** The issue's gate comment: the App's own, one per issue. */
function issueGateComment(session: IssueSession): StickyCommentTarget {
  const { owner, repo, number } = session.issue;
  return { owner, repo, issueNumber: number, marker: ISSUE_GATE_MARKER, authorLogin: session.botLogin };
}

/** The commit the gate was evaluated at, and — for the plan it selected — the blob SHAs it (and the approval) saw. */
function runPinsOf(loaded: LoadedGate, plan: string | undefined): RunPins {
  const gate = loaded.gate;
  if (!plan || !gate || gate.prd !== plan) return { commit: loaded.commit };
  return {
    commit: loaded.commit,
    ...(gate.prdSha ? { prdSha: gate.prdSha } : {}),
    ...(gate.testSpec ? { testSpec: gate.testSpec } : {}),
    ...(gate.testSpec && gate.testSpecSha ? { testSpecSha: gate.testSpecSha } : {}),
    ...(gate.storiesFile && gate.storiesSha ? { storiesSha: gate.storiesSha } : {}),
  };
}

function runApprovalOf(state: IssueGateState, via: 'planning_complete' | 'bypass' | 'well_specified', sender: string): RunApproval {
  if (via === 'bypass') return { state: 'bypassed', by: sender, at: new Date().toISOString() };
  if (via === 'well_specified') return { state: 'well-specified' };
  const approval = state.thread.approval;
  if (approval.state === 'fresh' && approval.approver)
    return { state: 'approved', by: approval.approver, ...(approval.approvedAt ? { at: approval.approvedAt } : {}) };
  return { state: 'not-required' };
}
