import { createHash } from 'node:crypto';
import { upsertStickyComment, type IssueComment, type StickyOutcome } from '../../github/sticky-comment.js';
import type { IssueSession } from './issue-session.js';

/**
 * The hidden marker of the App's answer to one trigger (a command comment, a label event).
 * The trigger id is hashed so nothing from a label name or a comment ends up in the marker.
 */
export function answerMarker(triggerId: string): string {
  return `<!-- plangate:answer ${createHash('sha256').update(triggerId).digest('hex').slice(0, 24)} -->`;
}

/** True when the App already answered this trigger (a redelivery: do not act twice). */
export function alreadyAnswered(comments: readonly IssueComment[], botLogin: string, triggerId: string): boolean {
  const marker = answerMarker(triggerId);
  return comments.some((c) => c.user?.login === botLogin && c.body?.includes(marker));
}

/**
 * Posts the answer to a trigger, once: a redelivery finds it by its marker and leaves it (or
 * updates it in place); two replicas answering at once converge on the oldest answer.
 * `text` is markdown that is already safe (content escaped by whoever built it).
 */
export async function answer(session: IssueSession, triggerId: string, text: string): Promise<StickyOutcome> {
  const marker = answerMarker(triggerId);
  const outcome = await upsertStickyComment(
    session.octokit,
    { owner: session.target.owner, repo: session.target.repo, issueNumber: session.target.number, marker, authorLogin: session.botLogin },
    `${marker}\n${text}`,
    await session.comments(),
  );
  session.invalidateComments();
  return outcome;
}
