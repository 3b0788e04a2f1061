import type { Probot } from 'probot';
import { ISSUE_COMMENT_EVENT } from './handled-event-names.js';
import { handleComment } from '../commands/handle-comment.js';
import type { AppOctokit } from '../github/app-octokit.js';
import { getPullRequest } from '../github/get-pull-request.js';
import { issueTargetOf } from '../issues/issue-target.js';
import type { PullRequestTarget } from '../pull-request/pull-request-target.js';
import type { AppRuntime } from '../runtime/app-runtime.js';
import { runEvaluation } from '../runtime/run-evaluation.js';
import { runIssueTask } from '../runtime/run-issue-task.js';

interface CommentPayload {
  action: string;
  installation?: { id: number };
  repository: { name: string; owner: { login: string }; default_branch: string };
  issue: { number: number; pull_request?: unknown };
  comment: { id: number; body?: string | null; user: { login: string; type?: string } };
}

/**
 * `/plangate …` commands and `plangate-review` verdicts in issue and PR comments (docs/approval.md).
 * When a PR's approval state changed, the PR is evaluated again (after the command, outside its
 * queue slot) so its gate comment shows the new approval table.
 */
export function registerIssueCommentCreatedHandler(app: Probot, runtime: AppRuntime): void {
  app.on(ISSUE_COMMENT_EVENT, async (context) => {
    const payload = context.payload as unknown as CommentPayload;
    const isPull = Boolean(payload.issue.pull_request);
    const target = issueTargetOf('issue_comment', context.id, payload, payload.issue.number);
    const result = await runIssueTask(runtime, context, target, (session) =>
      handleComment(session, {
        id: payload.comment.id,
        body: payload.comment.body ?? '',
        sender: { login: payload.comment.user.login, type: payload.comment.user.type ?? null },
        isPull,
      }),
    );
    if (!result.reevaluatePull) return;
    const octokit = context.octokit as unknown as AppOctokit;
    const pull = await getPullRequest(octokit, { owner: target.owner, repo: target.repo, number: target.number });
    if (pull.state !== 'open') return;
    const pullTarget: PullRequestTarget = {
      owner: target.owner,
      repo: target.repo,
      installationId: target.installationId,
      number: pull.number,
      headSha: pull.head.sha,
      baseSha: pull.base.sha,
      baseRef: pull.base.ref,
      defaultBranch: target.defaultBranch,
      body: pull.body ?? '',
      labels: pull.labels.map((l) => l.name),
      trigger: { event: 'issue_comment', action: 'created', deliveryId: context.id },
    };
    await runEvaluation(runtime, context, pullTarget);
  });
}
