import { paginate, type OctokitLike } from '../../github/octokit-like.js';

export interface LabelEvent {
  event: 'labeled' | 'unlabeled';
  label: string;
  actor?: string;
  /** The issue event's id and time (the exactly-once key of a label-triggered run). */
  id?: number;
  createdAt?: string;
}

interface IssueEvent {
  id?: number;
  created_at?: string;
  event: string;
  label?: { name: string };
  actor?: { login: string } | null;
}

/** Who added or removed which label on an issue or PR, oldest first (to say who applied an exempt label). */
export async function listLabelEvents(octokit: OctokitLike, target: { owner: string; repo: string; issueNumber: number }): Promise<LabelEvent[]> {
  const events = await paginate<IssueEvent>(octokit, 'GET /repos/{owner}/{repo}/issues/{issue_number}/events', {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
  });
  return events
    .filter((e) => (e.event === 'labeled' || e.event === 'unlabeled') && e.label)
    .map((e) => ({
      event: e.event as LabelEvent['event'],
      label: e.label!.name,
      ...(e.actor?.login ? { actor: e.actor.login } : {}),
      ...(typeof e.id === 'number' ? { id: e.id } : {}),
      ...(e.created_at ? { createdAt: e.created_at } : {}),
    }));
}
