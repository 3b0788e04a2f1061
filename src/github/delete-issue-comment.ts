import { statusOf, type OctokitRequester } from './octokit-like.js';

/** Deletes a comment; one that is already gone (another replica deleted it) is fine. */
export async function deleteIssueComment(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; commentId: number },
): Promise<void> {
  try {
    await octokit.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', {
      owner: target.owner,
      repo: target.repo,
      comment_id: target.commentId,
    });
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
  }
}
