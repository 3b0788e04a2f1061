import type { OctokitRequester } from '../../github/octokit-like.js';

interface ArtifactJson {
  id: number;
  name: string;
  size_in_bytes: number;
  expired: boolean;
}

/**
 * The zip of a run's artifact by name (`undefined` when the run has none, it expired, or it is
 * larger than `maxBytes`). The download answers with a redirect to a short-lived URL, which
 * Octokit follows.
 */
export async function downloadRunArtifact(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; runId: number; name: string; maxBytes: number },
): Promise<Uint8Array | undefined> {
  const { data } = await octokit.request<{ artifacts: ArtifactJson[] }>('GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', {
    owner: target.owner,
    repo: target.repo,
    run_id: target.runId,
    name: target.name,
    per_page: 10,
  });
  const artifact = data.artifacts.filter((a) => a.name === target.name && !a.expired).sort((a, b) => b.id - a.id)[0];
  if (!artifact || artifact.size_in_bytes > target.maxBytes) return undefined;
  const zip = await octokit.request<ArrayBuffer>('GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}', {
    owner: target.owner,
    repo: target.repo,
    artifact_id: artifact.id,
    archive_format: 'zip',
  });
  return new Uint8Array(zip.data);
}
