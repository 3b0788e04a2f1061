import { paginate, type OctokitRequester } from './octokit-like.js';
import type { IssueComment } from './issue-comment.js';

/** Every comment of an issue or PR, oldest first: receipts, reviews, run and gate comments are read from one listing. */
export async function listIssueComments(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; number: number },
): Promise<IssueComment[]> {
  const comments = await paginate<IssueComment>(octokit, 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.number,
  });
  return comments.sort((a, b) => a.id - b.id);
}
