import type { OctokitRequester } from '../../github/octokit-like.js';

/** Adds labels to an issue (GitHub creates repository labels that do not exist yet). */
export async function addLabels(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; number: number },
  labels: readonly string[],
): Promise<void> {
  if (!labels.length) return;
  await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
    owner: target.owner,
    repo: target.repo,
    issue_number: target.number,
    labels: [...labels],
  });
}
