import { statusOf, type OctokitRequester } from './octokit-like.js';

export interface PullRequestRef {
  number: number;
  html_url: string;
}

export interface CreatePullRequestInput {
  owner: string;
  repo: string;
  /** A branch of the same repository. */
  head: string;
  base: string;
  title: string;
  body: string;
  draft?: boolean;
}

/**
 * Opens a pull request; when one is already open for the branch (a re-run pushed to it),
 * returns that one instead of failing.
 */
export async function createPullRequest(
  octokit: OctokitRequester,
  input: CreatePullRequestInput,
): Promise<PullRequestRef & { created: boolean }> {
  try {
    const { data } = await octokit.request<PullRequestRef>('POST /repos/{owner}/{repo}/pulls', {
      owner: input.owner,
      repo: input.repo,
      head: input.head,
      base: input.base,
      title: input.title,
      body: input.body,
      draft: input.draft ?? false,
    });
    return { number: data.number, html_url: data.html_url, created: true };
  } catch (error) {
    if (statusOf(error) !== 422) throw error;
    const { data } = await octokit.request<PullRequestRef[]>('GET /repos/{owner}/{repo}/pulls', {
      owner: input.owner,
      repo: input.repo,
      head: `${input.owner}:${input.head}`,
      base: input.base,
      state: 'open',
    });
    const existing = data[0];
    if (!existing) throw error;
    return { number: existing.number, html_url: existing.html_url, created: false };
  }
}
