import type { OctokitRequester } from '../../github/octokit-like.js';

export interface WorkflowRunFacts {
  id: number;
  status: string | null;
  conclusion: string | null;
  displayTitle: string;
  htmlUrl: string;
  actor?: string;
}

interface RunJson {
  id: number;
  status: string | null;
  conclusion: string | null;
  display_title?: string;
  html_url: string;
  actor?: { login: string } | null;
}

/** The newest dispatched runs of a workflow (one page): to find a run GitHub did not name at dispatch. */
export async function listDispatchedRuns(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; workflow: string },
): Promise<WorkflowRunFacts[]> {
  const { data } = await octokit.request<{ workflow_runs: RunJson[] }>('GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs', {
    owner: target.owner,
    repo: target.repo,
    workflow_id: target.workflow,
    event: 'workflow_dispatch',
    per_page: 30,
  });
  return data.workflow_runs.map((r) => ({
    id: r.id,
    status: r.status,
    conclusion: r.conclusion,
    displayTitle: r.display_title ?? '',
    htmlUrl: r.html_url,
    ...(r.actor?.login ? { actor: r.actor.login } : {}),
  }));
}
