import type { CollaboratorPermission } from '../../core/approval/permissions.js';
import { statusOf, type OctokitRequester } from '../../github/octokit-like.js';

/**
 * `GET /repos/{o}/{r}/collaborators/{u}/permission`: `role_name` tells maintain from write and
 * triage from read (the legacy `permission` folds them). A 404 (not a collaborator of a private
 * repository, or no such user) is no permission, not an error.
 */
export async function getCollaboratorPermission(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; username: string },
): Promise<CollaboratorPermission | undefined> {
  try {
    const { data } = await octokit.request<CollaboratorPermission>('GET /repos/{owner}/{repo}/collaborators/{username}/permission', {
      owner: target.owner,
      repo: target.repo,
      username: target.username,
    });
    return { permission: data.permission ?? null, role_name: data.role_name ?? null };
  } catch (error) {
    if (statusOf(error) === 404) return undefined;
    throw error;
  }
}
