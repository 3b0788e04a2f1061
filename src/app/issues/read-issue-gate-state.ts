import { labelGateDecision, type LabelGateDecision } from '../../core/approval/label-gate-decision.js';
import { renderGateOverlay } from '../../core/plans/gate-overlay.js';
import { readThreadApproval, type ThreadApproval } from '../approval/read-thread-approval.js';
import type { IssueFacts } from '../github/get-issue.js';
import type { IssueSession } from './issue-session.js';
import { loadIssueGate, type IssueGate } from './load-issue-gate.js';
import type { IssueGateView } from './render-issue-gate-comment.js';

export type LoadedGate = Extract<IssueGate, { kind: 'gate' }>;

export interface IssueGateState {
  kind: 'state';
  loaded: LoadedGate;
  thread: ThreadApproval;
  /** What adding `label` to the issue as it is now decides. */
  decision: LabelGateDecision;
  /** The gate for people, independent of the other labels on the issue. */
  view: IssueGateView;
}

/**
 * The gate of an issue for an execution label: the plans gate (default branch or `Branch:`),
 * the approval and reviews in the thread, and the keyword gate's decision for `label`.
 * `actorMayBypass`: the sender has the approvers permission (so `force:` / `!` count).
 */
export async function readIssueGateState(
  session: IssueSession,
  issue: IssueFacts,
  options: {
    label: string;
    actorMayBypass: boolean;
    planPath?: string;
    pullHeadSha?: string;
    /** A gate this delivery already loaded (the thread changed, the tree did not). */ loaded?: LoadedGate;
  },
): Promise<Exclude<IssueGate, { kind: 'gate' }> | IssueGateState> {
  const loaded =
    options.loaded ??
    (await loadIssueGate(session, {
      body: issue.body,
      ...(options.planPath ? { planPath: options.planPath } : {}),
      ...(options.pullHeadSha ? { pullHeadSha: options.pullHeadSha } : {}),
    }));
  if (loaded.kind !== 'gate') return loaded;
  const thread = await readThreadApproval({
    comments: await session.comments(),
    botLogin: session.botLogin,
    gate: loaded.gate,
    config: loaded.config,
    sealer: session.sealer(),
    permissionOf: (login) => session.permissionOf(login),
  });
  const input = {
    addedLabel: options.label,
    gate: loaded.gate,
    problems: loaded.problems,
    approval: thread.approval,
    config: loaded.config,
    issueText: `${issue.title}\n\n${issue.body}`,
  };
  const decision = labelGateDecision({ ...input, labels: issue.labels, actorMayBypass: options.actorMayBypass });
  const clean = labelGateDecision({ ...input, labels: [options.label], actorMayBypass: false });
  const view: IssueGateView =
    clean.kind === 'blocked'
      ? { status: 'BLOCKED', gateText: clean.reasonText, where: loaded.where, approvalTable: thread.table }
      : {
          status: 'UNLOCKED',
          gateText: loaded.gate ? renderGateOverlay(loaded.gate) : '**Ralph Ralplan-First Gate:** UNLOCKED',
          where: loaded.where,
          approvalTable: thread.table,
        };
  return { kind: 'state', loaded, thread, decision, view };
}
