import type { OctokitLike } from '../../github/octokit-like.js';

export interface PullRequestFacts {
  number: number;
  state: string;
  body: string | null;
  labels: { name: string }[];
  head: { sha: string; ref: string };
  base: { sha: string; ref: string };
}

/** One pull request (a check_run / check_suite event only carries its number and SHAs). */
export async function getPullRequest(
  octokit: OctokitLike,
  target: { owner: string; repo: string; number: number },
): Promise<PullRequestFacts> {
  const { data } = await octokit.request<PullRequestFacts>('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
    owner: target.owner,
    repo: target.repo,
    pull_number: target.number,
  });
  return data;
}
