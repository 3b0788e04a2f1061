import type { OctokitRequester } from './octokit-like.js';
import type { IssueComment } from './issue-comment.js';

/** Posts a new comment; GitHub answers with it, its id and its author (the token's own identity) included. */
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
