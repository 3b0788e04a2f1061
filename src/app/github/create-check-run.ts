import type { OctokitLike } from '../../github/octokit-like.js';
import type { CheckRunOutput } from './update-check-run.js';

/** Creates a check run on a commit: `in_progress`, or already `completed` when a conclusion is given. */
export async function createCheckRun(
  octokit: OctokitLike,
  target: { owner: string; repo: string; headSha: string; name: string },
  fields: { status?: 'in_progress'; conclusion?: string; output?: CheckRunOutput; detailsUrl?: string },
): Promise<number> {
  const { data } = await octokit.request<{ id: number }>('POST /repos/{owner}/{repo}/check-runs', {
    owner: target.owner,
    repo: target.repo,
    name: target.name,
    head_sha: target.headSha,
    ...(fields.conclusion
      ? { status: 'completed', conclusion: fields.conclusion }
      : { status: fields.status ?? 'in_progress', started_at: new Date().toISOString() }),
    ...(fields.output ? { output: fields.output } : {}),
    ...(fields.detailsUrl ? { details_url: fields.detailsUrl } : {}),
  });
  return data.id;
}
