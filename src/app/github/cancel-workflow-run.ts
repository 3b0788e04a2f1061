import { statusOf, type OctokitRequester } from '../../github/octokit-like.js';

/** Asks GitHub to cancel a workflow run; `already-completed` when it ended first (409), `gone` on 404. */
export async function cancelWorkflowRun(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; runId: number },
): Promise<'requested' | 'already-completed' | 'gone'> {
  try {
    await octokit.request('POST /repos/{owner}/{repo}/actions/runs/{run_id}/cancel', {
      owner: target.owner,
      repo: target.repo,
      run_id: target.runId,
    });
    return 'requested';
  } catch (error) {
    const status = statusOf(error);
    if (status === 409) return 'already-completed';
    if (status === 404) return 'gone';
    throw error;
  }
}
