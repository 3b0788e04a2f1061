import { paginate, type OctokitRequester } from '../../github/octokit-like.js';

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

/** Pages of 100 read at most; GitHub lists oldest first, so past them the newest events are unknown. */
const MAX_EVENT_PAGES = 30;

/** Who added or removed which label on an issue or PR, oldest first (to say who applied an exempt label). */
export async function listLabelEvents(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; issueNumber: number },
): Promise<LabelEvent[]> {
  return (await listLabelEventsChecked(octokit, target)).events;
}

/**
 * The label events and whether the listing is whole: an issue with more events than the pages
 * read has newer ones unseen, so "the latest labeling" cannot be known (trust decisions refuse).
 */
export async function listLabelEventsChecked(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; issueNumber: number },
): Promise<{ events: LabelEvent[]; complete: boolean }> {
  const events = await paginate<IssueEvent>(
    octokit,
    'GET /repos/{owner}/{repo}/issues/{issue_number}/events',
    { owner: target.owner, repo: target.repo, issue_number: target.issueNumber },
    MAX_EVENT_PAGES,
  );
  return { events: labelEventsOf(events), complete: events.length < MAX_EVENT_PAGES * 100 };
}

function labelEventsOf(events: readonly IssueEvent[]): LabelEvent[] {
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
