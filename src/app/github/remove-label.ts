import { statusOf, type OctokitRequester } from '../../github/octokit-like.js';

/** Removes a label from an issue; one that is already gone (a redelivery, another replica) is fine. */
export async function removeLabel(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; number: number },
  name: string,
): Promise<boolean> {
  try {
    await octokit.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}', {
      owner: target.owner,
      repo: target.repo,
      issue_number: target.number,
      name,
    });
    return true;
  } catch (error) {
    if (statusOf(error) === 404) return false;
    throw error;
  }
}
