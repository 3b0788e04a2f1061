import type { OctokitLike } from '../../github/octokit-like.js';

/**
 * One blob through `GET /git/blobs/{sha}` (up to 100 MB): for what GraphQL cannot give as text.
 * Asked for as raw bytes — binary-safe, a third smaller than base64, and it spares Octokit
 * parsing a multi-megabyte JSON string (its parser gives up on large bodies).
 */
export async function fetchBlobRest(octokit: OctokitLike, owner: string, repo: string, sha: string): Promise<Uint8Array> {
  const { data } = await octokit.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', {
    owner,
    repo,
    file_sha: sha,
    headers: { accept: 'application/vnd.github.raw' },
  });
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const blob = data as { content?: unknown; encoding?: unknown };
  if (typeof blob?.content === 'string')
    return blob.encoding === 'base64' ? Buffer.from(blob.content, 'base64') : Buffer.from(blob.content, 'utf8');
  throw new Error(`GET /git/blobs/${sha} answered without the blob's bytes`);
}
