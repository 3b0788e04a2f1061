import type { OctokitRequester } from '../../github/octokit-like.js';
import type { IssueComment } from '../../github/sticky-comment.js';

/** Posts a new comment (the run comment's claim: always a new comment, so ids order the claims). */
export async function createIssueComment(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; number: number },
  body: string,
): Promise<IssueComment> {
  const { data } = await octokit.request<IssueComment>('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.number,
    body,
  });
  return data;
}
