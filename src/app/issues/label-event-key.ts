import { dispatchKey } from '../../core/ralph/run-comment/dispatch-key.js';
import { listLabelEvents } from '../github/list-label-events.js';
import type { IssueSession } from './issue-session.js';

/**
 * The exactly-once key of a `labeled` delivery, from the label event itself: a webhook payload
 * does not carry the event's id, so it is read from the issue events API — the latest
 * `labeled` event of this label (by this sender, when there is one) that is not newer than the
 * payload's issue `updated_at` (the labeling's time). A redelivery and a duplicate delivery of
 * one event read the same event; without one, the issue's update time is the key.
 */
/** GitHub stamps the issue and the event separately; they may be a moment apart. */
const SLACK_MS = 5_000;

export async function labelEventKey(
  session: IssueSession,
  input: { label: string; sender: string; fallbackTime: string },
): Promise<{ key: string; stillApplied: boolean }> {
  const { owner, repo, number } = session.issue;
  const events = await listLabelEvents(session.octokit, { owner, repo, issueNumber: number });
  const same = events.filter((e) => e.event === 'labeled' && e.label.toLowerCase() === input.label.toLowerCase());
  const bySender = same.filter((e) => e.actor?.toLowerCase() === input.sender.toLowerCase());
  const candidates = bySender.length ? bySender : same;
  // Not after the payload's issue time (a late redelivery must not take a newer labeling for its own).
  const until = Date.parse(input.fallbackTime) + SLACK_MS;
  const event = candidates.filter((e) => !e.createdAt || !(Date.parse(e.createdAt) > until)).at(-1) ?? candidates.at(-1);
  const base = { repo: `${owner}/${repo}`, issue: number, label: input.label };
  // Removed since (the App's own BLOCKED swap, a person): this labeling is over, a redelivery of it does nothing.
  const after = event ? events.slice(events.indexOf(event) + 1) : [];
  const stillApplied = !after.some((e) => e.event === 'unlabeled' && e.label.toLowerCase() === input.label.toLowerCase());
  if (event?.id !== undefined) return { key: dispatchKey({ ...base, labelEventId: event.id }), stillApplied };
  return { key: dispatchKey({ ...base, createdAt: event?.createdAt ?? input.fallbackTime }), stillApplied };
}
