import { createHash, createHmac } from 'node:crypto';
import { markedAmong, upsertStickyComment, type IssueComment, type StickyOutcome } from '../../github/sticky-comment.js';
import type { IssueSession } from './issue-session.js';

/**
 * The hidden marker of the App's answer to one trigger (a command comment, a label event).
 * Keyed with the App's seal key: anyone with `issues: write` can edit the App's comments, and a
 * marker they could compute for a comment not yet written would make the App take that command
 * (a `/plangate revoke`, say) as answered and skip it. Hashed, so nothing from a label name or a
 * comment ends up in the marker. Without a key (no receipts then either) a plain hash.
 */
export function answerMarker(session: Pick<IssueSession, 'target' | 'deps'>, triggerId: string): string {
  const key = session.deps.runtime.sealKeys[0];
  const input = `answer\0${session.target.owner}/${session.target.repo}`.toLowerCase() + `#${session.target.number}\0${triggerId}`;
  const digest = key ? createHmac('sha256', key).update(input).digest('hex') : createHash('sha256').update(triggerId).digest('hex');
  return `<!-- plangate:answer ${digest.slice(0, 24)} -->`;
}

/** True when the App already answered this trigger (a redelivery: do not act twice). */
export function alreadyAnswered(
  session: Pick<IssueSession, 'target' | 'deps' | 'botLogin'>,
  comments: readonly IssueComment[],
  triggerId: string,
): boolean {
  const marker = answerMarker(session, triggerId);
  return markedAmong(comments, { marker, authorLogin: session.botLogin }).length > 0;
}

/**
 * Posts the answer to a trigger, once: a redelivery finds it by its marker and leaves it (or
 * updates it in place); two replicas answering at once converge on the oldest answer.
 * `text` is markdown that is already safe (content escaped by whoever built it).
 */
export async function answer(session: IssueSession, triggerId: string, text: string): Promise<StickyOutcome> {
  const marker = answerMarker(session, triggerId);
  const outcome = await upsertStickyComment(
    session.octokit,
    { owner: session.target.owner, repo: session.target.repo, issueNumber: session.target.number, marker, authorLogin: session.botLogin },
    `${marker}\n${text}`,
    await session.comments(),
  );
  session.invalidateComments();
  return outcome;
}
