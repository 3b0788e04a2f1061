import type { CommentSealer } from '../../core/approval/comment-seal.js';
import type { ResolvedConfig } from '../../core/config/resolve-config.js';
import type { PlansGateDetails } from '../../core/report.js';
import type { OctokitRequester } from '../../github/octokit-like.js';
import type { IssueComment } from '../../github/sticky-comment.js';
import { getCollaboratorPermission } from '../github/get-collaborator-permission.js';
import { readThreadApproval } from './read-thread-approval.js';

/**
 * The PR gate comment's approval section (docs/approval.md): the approval table for the PR head's
 * plan, shown when `plans.requireApproval` is on or the thread has receipts or reviews.
 */
export async function approvalSection(
  octokit: OctokitRequester,
  input: {
    owner: string;
    repo: string;
    comments: readonly IssueComment[];
    botLogin: string;
    gate: PlansGateDetails | undefined;
    config: ResolvedConfig;
    sealer: Pick<CommentSealer, 'verify'> | undefined;
  },
): Promise<string[]> {
  const lookups = new Map<string, ReturnType<typeof getCollaboratorPermission>>();
  const thread = await readThreadApproval({
    comments: input.comments,
    botLogin: input.botLogin,
    gate: input.gate,
    config: input.config,
    sealer: input.sealer,
    permissionOf: (login) => {
      const key = login.toLowerCase();
      if (!lookups.has(key))
        lookups.set(key, getCollaboratorPermission(octokit, { owner: input.owner, repo: input.repo, username: login }));
      return lookups.get(key)!;
    },
  });
  if (!input.config.plans.requireApproval && !thread.hasActivity) return [];
  const lines = ['#### Plan approval', '', thread.table];
  if (input.config.plans.requireApproval && thread.approval.state !== 'fresh') {
    lines.push(
      '',
      '<sub>`plans.requireApproval` is on: an execution label starts a run only once an approver comments `/plangate approve` on the current plan.</sub>',
    );
  }
  return [lines.join('\n')];
}
