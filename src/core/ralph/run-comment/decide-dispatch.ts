import { escapeMarkdownText } from '../../markdown-safe.js';
import { isInFlight, RUN_LIMITS, type RunCommentData } from './run-comment-data.js';

export type DispatchDecision =
  /** Dispatch; `previousKeys` go into the new run comment data (newest first). */
  | { kind: 'dispatch'; previousKeys: string[] }
  /** This event already dispatched (a redelivery or a duplicate event): do nothing. */
  | { kind: 'already-dispatched'; existing: RunCommentData }
  /** An older trigger that was handled before the current run's: do nothing. */
  | { kind: 'superseded'; existing: RunCommentData }
  /** A new trigger while a run is still in flight: answer `answer`, do not dispatch a second run. */
  | { kind: 'in-flight'; existing: RunCommentData; answer: string };

/**
 * Exactly once (docs/approval.md, exactly-once dispatch, ADR 0003), from the App's own run comment: the same key
 * → already dispatched; a key in the comment's history → superseded; a run in flight → no
 * second run; else dispatch. `existing` is the data of the App-authored run comment (an
 * unreadable one is the caller's to log and treat as absent).
 */
export function decideDispatch(existing: RunCommentData | undefined, key: string): DispatchDecision {
  if (!existing) return { kind: 'dispatch', previousKeys: [] };
  if (existing.key === key) return { kind: 'already-dispatched', existing };
  if (existing.previousKeys.includes(key)) return { kind: 'superseded', existing };
  if (isInFlight(existing)) {
    const link = existing.runUrl ? ` ([workflow run](${existing.runUrl}))` : '';
    const plan = existing.plan ? ` on ${escapeMarkdownText(existing.plan, 200)}` : '';
    return {
      kind: 'in-flight',
      existing,
      answer: `A ralph run${plan} is already in flight${link}; \`/plangate cancel\` it before starting another.`,
    };
  }
  return { kind: 'dispatch', previousKeys: [existing.key, ...existing.previousKeys].slice(0, RUN_LIMITS.previousKeys) };
}

/**
 * After writing the run comment, re-read the App's run comments: the oldest one is the
 * record. Our write won when it holds our key and our claim nonce (a fresh random value per
 * handling, so two replicas handling duplicates of one event tell each other apart); the
 * loser must not dispatch, and must not overwrite the winner's comment.
 */
export function decideClaim(oldest: RunCommentData | undefined, key: string, claim: string): 'won' | 'lost' {
  return oldest?.key === key && oldest.claim === claim ? 'won' : 'lost';
}
