/** What the App evaluates: a commit of a repository, and the pull request it belongs to when known. */
export interface PullRequestTarget {
  owner: string;
  repo: string;
  installationId: number;
  /** The pull request; undefined when a check event names none (e.g. a fork's check suite). */
  number?: number;
  headSha: string;
  /** The PR's base commit and branch (the base snapshot is the default branch's tip when they match). */
  baseSha?: string;
  baseRef?: string;
  defaultBranch: string;
  body?: string;
  labels: string[];
  /** The label this very event added or removed, and who did it. */
  labelChange?: { action: 'labeled' | 'unlabeled'; name: string; by?: string };
  /** Delivery and event, for logs. */
  trigger: { event: string; action?: string; deliveryId: string };
}

interface PullRequestPayload {
  action: string;
  installation?: { id: number };
  repository: { name: string; owner: { login: string }; default_branch: string };
  pull_request: {
    number: number;
    body?: string | null;
    labels?: { name: string }[];
    head: { sha: string };
    base: { sha: string; ref: string };
  };
  label?: { name: string };
  sender?: { login: string };
}

/** The target of a `pull_request` delivery. */
export function targetFromPullRequestEvent(deliveryId: string, payload: PullRequestPayload): PullRequestTarget {
  const pr = payload.pull_request;
  const target: PullRequestTarget = {
    owner: payload.repository.owner.login,
    repo: payload.repository.name,
    installationId: payload.installation?.id ?? 0,
    number: pr.number,
    headSha: pr.head.sha,
    baseSha: pr.base.sha,
    baseRef: pr.base.ref,
    defaultBranch: payload.repository.default_branch,
    body: pr.body ?? '',
    labels: (pr.labels ?? []).map((l) => l.name),
    trigger: { event: 'pull_request', action: payload.action, deliveryId },
  };
  if ((payload.action === 'labeled' || payload.action === 'unlabeled') && payload.label) {
    target.labelChange = {
      action: payload.action,
      name: payload.label.name,
      ...(payload.sender?.login ? { by: payload.sender.login } : {}),
    };
  }
  return target;
}

/** A queue key: one evaluation at a time per installation and pull request (or commit, without a PR). */
export function queueKeyOf(target: PullRequestTarget): string {
  return target.number ? `${repoKey(target)}#${target.number}` : headQueueKeyOf(target);
}

/** The key of the head commit: its one check run is written by one evaluation at a time (in a process). */
export function headQueueKeyOf(target: PullRequestTarget): string {
  return `${repoKey(target)}@${target.headSha}`;
}

function repoKey(target: PullRequestTarget): string {
  return `${target.installationId}:${target.owner}/${target.repo}`.toLowerCase();
}
