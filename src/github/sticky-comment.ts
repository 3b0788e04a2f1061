import { paginate, statusOf, type OctokitRequester } from './octokit-like.js';

export interface IssueComment {
  id: number;
  body?: string | null;
  user?: { login: string; type?: string } | null;
  created_at?: string;
}

export interface StickyCommentTarget {
  owner: string;
  repo: string;
  issueNumber: number;
  /** Hidden marker that identifies the comment, e.g. `<!-- plangate:gate -->`. */
  marker: string;
  /** Only comments by this login count (the App's bot); undefined = any author (Action's token). */
  authorLogin?: string;
}

export type StickyOutcome = { action: 'created' | 'updated' | 'unchanged'; commentId: number; deleted: number[] };

/** Comments that carry the marker (and the author, when given), oldest first. */
export async function findMarkedComments(octokit: OctokitRequester, target: StickyCommentTarget): Promise<IssueComment[]> {
  const comments = await paginate<IssueComment>(octokit, 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
  });
  return markedAmong(comments, target);
}

function markedAmong(comments: readonly IssueComment[], target: StickyCommentTarget): IssueComment[] {
  return comments
    .filter((c) => c.body?.includes(target.marker) && (!target.authorLogin || c.user?.login === target.authorLogin))
    .sort((a, b) => a.id - b.id);
}

/**
 * One comment per marker: update the oldest in place, create it only when absent, delete
 * duplicates a race left behind, and skip the write when the body is unchanged.
 */
export async function upsertStickyComment(
  octokit: OctokitRequester,
  target: StickyCommentTarget,
  body: string,
  listed?: readonly IssueComment[],
): Promise<StickyOutcome> {
  // `listed`: the thread's comments the caller just read (saves listing them twice).
  const marked = listed ? markedAmong(listed, target) : await findMarkedComments(octokit, target);
  const [keep, ...extra] = marked;
  const deleted: number[] = [];
  for (const duplicate of extra) {
    await deleteCommentIfPresent(octokit, target, duplicate.id);
    deleted.push(duplicate.id);
  }
  if (keep) {
    if (keep.body === body) return { action: 'unchanged', commentId: keep.id, deleted };
    await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
      owner: target.owner,
      repo: target.repo,
      comment_id: keep.id,
      body,
    });
    return { action: 'updated', commentId: keep.id, deleted };
  }
  const created = await octokit.request<IssueComment>('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.issueNumber,
    body,
  });
  // A concurrent evaluation may have created one too: the oldest wins, ours steps aside.
  const after = await findMarkedComments(octokit, target);
  const oldest = after[0];
  if (oldest && oldest.id !== created.data.id) {
    await deleteCommentIfPresent(octokit, target, created.data.id);
    deleted.push(created.data.id);
    if (oldest.body !== body) {
      await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        owner: target.owner,
        repo: target.repo,
        comment_id: oldest.id,
        body,
      });
    }
    return { action: 'updated', commentId: oldest.id, deleted };
  }
  return { action: 'created', commentId: created.data.id, deleted };
}

/** Another replica may have deleted it first: a 404 is fine, anything else is real. */
async function deleteCommentIfPresent(octokit: OctokitRequester, target: StickyCommentTarget, commentId: number): Promise<void> {
  try {
    await octokit.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', {
      owner: target.owner,
      repo: target.repo,
      comment_id: commentId,
    });
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
  }
}
