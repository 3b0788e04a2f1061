/**
 * What triggered a dispatch, by its meaning on GitHub (never the delivery id, which a
 * manual redelivery keeps but a duplicate event does not): the label event (its id from
 * the issue events API, or its time) or the `/plangate run` comment.
 */
export type DispatchTrigger =
  | { repo: string; issue: number; label: string; labelEventId: number | string; createdAt?: string }
  | { repo: string; issue: number; label: string; createdAt: string }
  | { repo: string; issue: number; commentId: number };

/**
 * The exactly-once key (docs/approval.md, exactly-once dispatch), e.g. `acme/widgets#12:label:ralph:event:9876`.
 * Repository and label are lower-cased (GitHub treats both case-insensitively); the key is
 * opaque (compared whole, never split), so a label with `:` needs no escaping. A time is
 * normalized to ISO seconds so `…Z` and `…+00:00` give the same key. Use one source
 * consistently: the same event keyed once by id and once by time gives two keys.
 */
export function dispatchKey(trigger: DispatchTrigger): string {
  // Bounded pieces (GitHub: owner ≤ 39, repo ≤ 100, label ≤ 50) keep a key under 400 characters.
  const issue = `${trigger.repo.toLowerCase().slice(0, 150)}#${trigger.issue}`;
  if ('commentId' in trigger) return `${issue}:comment:${trigger.commentId}`;
  const label = `${issue}:label:${trigger.label.toLowerCase().slice(0, 100)}`;
  if ('labelEventId' in trigger) return `${label}:event:${String(trigger.labelEventId).trim().slice(0, 60)}`;
  return `${label}:at:${normalizeTime(trigger.createdAt)}`;
}

function normalizeTime(text: string): string {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? text.trim().slice(0, 60) : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
