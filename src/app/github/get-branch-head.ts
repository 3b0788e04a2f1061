import type { OctokitLike } from '../../github/octokit-like.js';

/** The commit a branch points at (the default branch, when a PR targets another branch). */
export async function getBranchHead(octokit: OctokitLike, target: { owner: string; repo: string; branch: string }): Promise<string> {
  const { data } = await octokit.request<{ commit: { sha: string } }>('GET /repos/{owner}/{repo}/branches/{branch}', {
    owner: target.owner,
    repo: target.repo,
    branch: target.branch,
  });
  return data.commit.sha;
}
