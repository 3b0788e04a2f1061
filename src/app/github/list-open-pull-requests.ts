import type { OctokitRequester } from '../../github/octokit-like.js';
import type { PullRequestFacts } from './get-pull-request.js';

/** Pages of 100 read at most. Past them an open pull request with this head may be unseen. */
export const MAX_OPEN_PULL_PAGES = 30;

export interface OpenPullRequestsAt {
  /** The open pull requests whose head commit is the one asked for, lowest number first. */
  pulls: PullRequestFacts[];
  /** False when the repository has more open pull requests than the pages read. */
  complete: boolean;
}

/**
 * Every open pull request of the repository whose head is `headSha`, whatever its branch, fork or
 * base. GitHub has no filter by head commit (`commits/{sha}/pulls` leaves out pull requests from
 * forks), so the open pull requests are listed, 100 a page, and only the matching ones are kept.
 */
export async function listOpenPullRequestsAt(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; headSha: string },
): Promise<OpenPullRequestsAt> {
  const pulls: PullRequestFacts[] = [];
  for (let page = 1; page <= MAX_OPEN_PULL_PAGES; page++) {
    const { data } = await octokit.request<PullRequestFacts[]>('GET /repos/{owner}/{repo}/pulls', {
      owner: target.owner,
      repo: target.repo,
      state: 'open',
      per_page: 100,
      page,
    });
    for (const pull of data) if (pull.state === 'open' && pull.head.sha === target.headSha) pulls.push(factsOf(pull));
    if (data.length < 100) return { pulls: pulls.sort((a, b) => a.number - b.number), complete: true };
  }
  return { pulls: pulls.sort((a, b) => a.number - b.number), complete: false };
}

/** Only what an evaluation reads: a page of full pull request objects is not kept. */
function factsOf(pull: PullRequestFacts): PullRequestFacts {
  return {
    number: pull.number,
    state: pull.state,
    body: pull.body,
    labels: pull.labels.map((l) => ({ name: l.name })),
    head: { sha: pull.head.sha, ref: pull.head.ref },
    base: { sha: pull.base.sha, ref: pull.base.ref },
  };
}
