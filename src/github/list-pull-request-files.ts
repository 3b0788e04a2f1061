import { paginate, type OctokitLike } from './octokit-like.js';

export interface PullRequestFile {
  filename: string;
  status: string;
  previous_filename?: string;
  patch?: string;
}

/** The PR's changed files (GitHub lists at most 3,000). Renames count under both names. */
export async function listPullRequestFiles(octokit: OctokitLike, owner: string, repo: string, pullNumber: number): Promise<PullRequestFile[]> {
  return paginate<PullRequestFile>(octokit, 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files', { owner, repo, pull_number: pullNumber });
}
