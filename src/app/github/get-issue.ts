import type { OctokitRequester } from '../../github/octokit-like.js';

export interface IssueFacts {
  number: number;
  title: string;
  body: string;
  state: string;
  labels: string[];
  /** True when the issue is a pull request. */
  isPull: boolean;
}

interface IssueJson {
  number: number;
  title: string;
  body?: string | null;
  state: string;
  labels: (string | { name?: string })[];
  pull_request?: unknown;
}

/** An issue as it is now (a webhook's copy may be older than a redelivery). */
export async function getIssue(octokit: OctokitRequester, target: { owner: string; repo: string; number: number }): Promise<IssueFacts> {
  const { data } = await octokit.request<IssueJson>('GET /repos/{owner}/{repo}/issues/{issue_number}', {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.number,
  });
  return {
    number: data.number,
    title: data.title,
    body: data.body ?? '',
    state: data.state,
    labels: data.labels.map((l) => (typeof l === 'string' ? l : (l.name ?? ''))).filter(Boolean),
    isPull: Boolean(data.pull_request),
  };
}
