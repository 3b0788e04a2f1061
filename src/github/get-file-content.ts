import { statusOf, type OctokitRequester } from './octokit-like.js';

/** A file at a ref through the contents API: its text, `null` when it does not exist there. */
export async function getFileContent(
  octokit: OctokitRequester,
  owner: string,
  repo: string,
  path: string,
  ref: string,
): Promise<string | null> {
  try {
    const { data } = await octokit.request<{ type?: string; content?: string; encoding?: string }>(
      'GET /repos/{owner}/{repo}/contents/{path}',
      { owner, repo, path, ref },
    );
    if (data.type !== 'file' || typeof data.content !== 'string') return null;
    return Buffer.from(data.content, (data.encoding as BufferEncoding) || 'base64').toString('utf8');
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}
