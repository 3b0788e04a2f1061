import type { OctokitLike } from '../../github/octokit-like.js';

/** One blob through `GET /git/blobs/{sha}` (base64; up to 100 MB): for what GraphQL cannot give as text. */
export async function fetchBlobRest(octokit: OctokitLike, owner: string, repo: string, sha: string): Promise<Uint8Array> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', { owner, repo, file_sha: sha });
  const blob = data as { content: string; encoding: string };
  return blob.encoding === 'base64' ? Buffer.from(blob.content, 'base64') : Buffer.from(blob.content, 'utf8');
}
