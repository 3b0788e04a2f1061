import type { OctokitRequester } from './octokit-like.js';

/** Replaces a comment's body. */
export async function updateIssueComment(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; commentId: number },
  body: string,
): Promise<void> {
  await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
    owner: target.owner,
    repo: target.repo,
    comment_id: target.commentId,
    body,
  });
}
