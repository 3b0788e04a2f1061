import { paginate, type OctokitLike } from '../../github/octokit-like.js';
import type { CheckRunAnnotation } from './update-check-run.js';

/** The annotations a check run already carries (GitHub appends on every PATCH, so a reused run needs them). */
export async function listCheckRunAnnotations(
  octokit: OctokitLike,
  target: { owner: string; repo: string; checkRunId: number },
): Promise<CheckRunAnnotation[]> {
  return paginate<CheckRunAnnotation>(octokit, 'GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations', {
    owner: target.owner,
    repo: target.repo,
    check_run_id: target.checkRunId,
  });
}
