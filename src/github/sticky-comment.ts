import { createIssueComment } from './create-issue-comment.js';
import { deleteIssueComment } from './delete-issue-comment.js';
import type { IssueComment } from './issue-comment.js';
import { listIssueComments } from './list-issue-comments.js';
import type { OctokitRequester } from './octokit-like.js';
import { updateIssueComment } from './update-issue-comment.js';

export type { IssueComment } from './issue-comment.js';

/**
 * The sticky comments plangate keeps, one per thread each, found again by a hidden marker:
 * the App's gate comment on a pull request and on an issue, and the Action's gate comment
 * (a marker of its own, so a repository may run the Action and the App side by side).
 */
export const GATE_COMMENT_MARKER = '<!-- plangate:gate -->';
export const ISSUE_GATE_MARKER = '<!-- plangate:issue-gate -->';
export const ACTION_COMMENT_MARKER = '<!-- plangate:gate:action -->';

export interface StickyCommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
  /** Hidden marker that identifies the comment, e.g. `<!-- plangate:gate -->`. */
  marker: string;
  /**
   * Whose comments are ours: the writer's own login (the App's `<slug>[bot]`, the Action token's
   * login from `getTokenLogin`). Anyone can paste a marker into a comment; a comment someone else
   * wrote is never edited or deleted.
   */
  authorLogin: string;
}

export type StickyOutcome = { action: 'created' | 'updated' | 'unchanged'; commentId: number; deleted: number[] };

/** Our comments that carry the marker, oldest first. */
export async function findMarkedComments(octokit: OctokitRequester, target: StickyCommentTarget): Promise<IssueComment[]> {
  return markedAmong(await listIssueComments(octokit, thread(target)), target);
}

/** Our comments that carry the marker among a listing the caller already has, oldest first. */
export function markedAmong(
  comments: readonly IssueComment[],
  target: Pick<StickyCommentTarget, 'marker' | 'authorLogin'>,
): IssueComment[] {
  return comments.filter((c) => c.body?.includes(target.marker) && isAuthoredBy(c, target.authorLogin)).sort((a, b) => a.id - b.id);
}

/**
 * One comment per marker: update our oldest in place, create it only when absent, delete our
 * duplicates a race left behind, and skip the write when the body is unchanged. `listed`: the
 * thread's comments the caller just read (saves listing them twice).
 */
export async function upsertStickyComment(
  octokit: OctokitRequester,
  target: StickyCommentTarget,
  body: string,
  listed?: readonly IssueComment[],
): Promise<StickyOutcome> {
  const marked = listed ? markedAmong(listed, target) : await findMarkedComments(octokit, target);
  const [keep, ...extra] = marked;
  const deleted: number[] = [];
  for (const duplicate of extra) {
    await deleteIssueComment(octokit, { ...repoOf(target), commentId: duplicate.id });
    deleted.push(duplicate.id);
  }
  if (keep) {
    if (keep.body === body) return { action: 'unchanged', commentId: keep.id, deleted };
    await updateIssueComment(octokit, { ...repoOf(target), commentId: keep.id }, body);
    return { action: 'updated', commentId: keep.id, deleted };
  }
  const created = await createIssueComment(octokit, thread(target), body);
  // A concurrent writer may have created one too: the oldest wins, ours steps aside.
  const [oldest] = await findMarkedComments(octokit, target);
  if (oldest && oldest.id !== created.id) {
    await deleteIssueComment(octokit, { ...repoOf(target), commentId: created.id });
    deleted.push(created.id);
    if (oldest.body !== body) await updateIssueComment(octokit, { ...repoOf(target), commentId: oldest.id }, body);
    return { action: 'updated', commentId: oldest.id, deleted };
  }
  return { action: 'created', commentId: created.id, deleted };
}

/** GitHub logins are unique regardless of case; a comment without an author (a deleted account) is nobody's. */
export function isAuthoredBy(comment: IssueComment, login: string): boolean {
  return comment.user?.login !== undefined && comment.user.login.toLowerCase() === login.toLowerCase();
}

const repoOf = (target: StickyCommentTarget) => ({ owner: target.owner, repo: target.repo });
const thread = (target: StickyCommentTarget) => ({ owner: target.owner, repo: target.repo, number: target.issueNumber });
