import { removeLabel } from '../github/remove-label.js';
import { answer } from '../issues/answer.js';
import { IssueSession, type SessionDeps } from '../issues/issue-session.js';
import type { RefusedExemptLabel } from './applied-labels.js';
import type { PullRequestTarget } from './pull-request-target.js';

/**
 * Exempt labels added by someone without the approvers' permission come off the PR, and the App
 * says why — once per labeling (the answer is keyed by the label event), as for a `ralph` label.
 * The verdict never depended on them: the gate was evaluated without them.
 */
export async function refuseExemptLabels(
  deps: SessionDeps,
  target: PullRequestTarget & { number: number },
  refused: readonly RefusedExemptLabel[],
): Promise<void> {
  if (!refused.length) return;
  const session = new IssueSession(deps, {
    owner: target.owner,
    repo: target.repo,
    installationId: target.installationId,
    number: target.number,
    defaultBranch: target.defaultBranch,
    trigger: target.trigger,
  });
  for (const label of refused) {
    await removeLabel(session.octokit, session.issue, label.name);
    await answer(session, label.triggerId, label.answer);
  }
}
