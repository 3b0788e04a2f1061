import { queueKeyOf, targetFromPullRequestEvent } from '../pull-request/pull-request-target.js';
import { targetFromCommitEvent } from '../pull-request/target-from-commit-event.js';

type Json = Record<string, unknown>;

interface RepositoryFields {
  installation?: { id?: number };
  repository?: { name?: string; owner?: { login?: string }; default_branch?: string };
}

/** The queue key of an issue (or PR, which is an issue) — the same key the in-process queue uses. */
export function issueQueueKey(installationId: number, owner: string, repo: string, number: number): string {
  return `${installationId}:${owner}/${repo}`.toLowerCase() + `#${number}`;
}

/** The queue key of a workflow run's completion. */
export function workflowRunQueueKey(installationId: number, runId: number): string {
  return `${installationId}:run:${runId}`;
}

/**
 * The target a delivery's work is about, read from the payload alone (no API call): the pull
 * request or issue, a commit without a PR, or a workflow run. Jobs with one key never run at once.
 * A payload without those fields gets a key of its own (nothing to serialise against).
 */
export function targetKeyOf(name: string, deliveryId: string, payload: unknown): string {
  const p = (payload ?? {}) as Json & RepositoryFields;
  const installation = p.installation?.id ?? 0;
  const owner = p.repository?.owner?.login;
  const repo = p.repository?.name;
  const fallback = `${installation}:${name}:${deliveryId}`;
  if (!owner || !repo) return fallback;
  const commit = {
    ...p,
    installation: { id: installation },
    repository: { name: repo, owner: { login: owner }, default_branch: p.repository?.default_branch ?? '' },
  };
  switch (name) {
    case 'pull_request': {
      const pr = p.pull_request as { number?: number; head?: { sha?: string }; base?: { sha?: string; ref?: string } } | undefined;
      if (!pr?.number || !pr.head?.sha || !pr.base) return fallback;
      return queueKeyOf(targetFromPullRequestEvent(deliveryId, commit as unknown as Parameters<typeof targetFromPullRequestEvent>[1]));
    }
    case 'check_run':
    case 'check_suite': {
      const subject = p[name] as { head_sha?: string; pull_requests?: { number: number; head?: { sha: string } }[] } | undefined;
      if (!subject?.head_sha) return fallback;
      return queueKeyOf(targetFromCommitEvent(name, deliveryId, commit, subject.head_sha, subject.pull_requests ?? []));
    }
    case 'issues':
    case 'issue_comment': {
      const number = (p.issue as { number?: number } | undefined)?.number;
      return number ? issueQueueKey(installation, owner, repo, number) : fallback;
    }
    case 'workflow_run': {
      const runId = (p.workflow_run as { id?: number } | undefined)?.id;
      return runId ? workflowRunQueueKey(installation, runId) : fallback;
    }
    default:
      return fallback;
  }
}
