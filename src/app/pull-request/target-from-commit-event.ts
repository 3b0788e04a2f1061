import type { PullRequestTarget } from './pull-request-target.js';

interface CommitEventPayload {
  action?: string;
  installation?: { id: number };
  repository: { name: string; owner: { login: string }; default_branch: string };
}

interface PullRequestRef {
  number: number;
  head?: { sha: string };
  base?: { sha: string; ref: string };
}

/**
 * The target of a check_run / check_suite re-run: the commit it names, and its first pull
 * request when GitHub lists one (body and labels are read when the evaluation starts; fork
 * PRs are not listed, so those commits are evaluated without PR context and get no comment).
 */
export function targetFromCommitEvent(
  event: string,
  deliveryId: string,
  payload: CommitEventPayload,
  headSha: string,
  pullRequests: readonly PullRequestRef[],
): PullRequestTarget {
  const pr = pullRequests.find((p) => p.head?.sha === headSha) ?? pullRequests[0];
  return {
    owner: payload.repository.owner.login,
    repo: payload.repository.name,
    installationId: payload.installation?.id ?? 0,
    headSha,
    defaultBranch: payload.repository.default_branch,
    labels: [],
    ...(pr ? { number: pr.number } : {}),
    trigger: { event, ...(payload.action ? { action: payload.action } : {}), deliveryId },
  };
}
