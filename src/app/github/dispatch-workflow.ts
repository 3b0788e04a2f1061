import { statusOf, type OctokitRequester } from '../../github/octokit-like.js';

export interface DispatchedRun {
  /** Set when GitHub answered with the run's details (`return_run_details`). */
  runId?: number;
  htmlUrl?: string;
}

/**
 * `POST …/actions/workflows/{workflow}/dispatches`, asking for the run's details. An older
 * GitHub (Enterprise Server) that does not know `return_run_details` answers 422 or 400: the
 * dispatch is sent again without it (nothing was started by the refused request), and the
 * run is then found by its title. Any other failure is the caller's.
 */
export async function dispatchWorkflow(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; workflow: string; ref: string; inputs: Record<string, string> },
): Promise<DispatchedRun> {
  const params = { owner: target.owner, repo: target.repo, workflow_id: target.workflow, ref: target.ref, inputs: target.inputs };
  try {
    const response = await octokit.request<{ workflow_run_id?: number; html_url?: string } | undefined>(
      'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
      { ...params, return_run_details: true },
    );
    const data = response.status === 200 ? response.data : undefined;
    return { ...(data?.workflow_run_id ? { runId: data.workflow_run_id } : {}), ...(data?.html_url ? { htmlUrl: data.html_url } : {}) };
  } catch (error) {
    const status = statusOf(error);
    if (status !== 422 && status !== 400) throw error;
    if (!/return_run_details/i.test(error instanceof Error ? error.message : '')) throw error;
  }
  await octokit.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', params);
  return {};
}
