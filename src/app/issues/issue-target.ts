import type { IssueTarget } from './issue-session.js';

interface RepositoryPayload {
  action?: string;
  installation?: { id: number };
  repository: { name: string; owner: { login: string }; default_branch: string };
}

/** The issue target of a delivery (`number` 0 when the event names none yet, e.g. a workflow run). */
export function issueTargetOf(event: string, deliveryId: string, payload: RepositoryPayload, number: number): IssueTarget {
  return {
    owner: payload.repository.owner.login,
    repo: payload.repository.name,
    installationId: payload.installation?.id ?? 0,
    number,
    defaultBranch: payload.repository.default_branch,
    trigger: { event, ...(payload.action ? { action: payload.action } : {}), deliveryId },
  };
}
