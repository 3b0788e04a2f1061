import { describeExtendsRef, type ExtendsRef } from '../../core/config/extends/parse-extends-ref.js';
import type { LayerRead, ReadConfigLayer } from '../../core/config/extends/resolve-extends.js';
import { statusOf, type OctokitRequester } from '../../github/octokit-like.js';

export interface ConfigLayerSources {
  /** A file of the tree the config itself came from (the base commit for a PR gate, never the head). */
  readRepoFile: (path: string) => Promise<string | undefined>;
  /** GitHub access for `owner/repo` references; undefined when there is none. */
  github?: { requester: OctokitRequester; owner: string | undefined };
  /** Why there is no GitHub access, said in the error ("set GITHUB_TOKEN"). */
  noGitHub: string;
  /** The path an `owner/repo` reference reads when it names none (the config's own path). */
  defaultPath: string;
  /**
   * GitHub failing (not a 404) is thrown instead of becoming a config problem: the App's evaluation
   * retries it and says GitHub failed — "fix your config" would be the wrong advice for an outage.
   */
  throwApiErrors?: boolean;
}

/** Reads `_extends` layers: repository files from the config's own tree, other repositories through the API. */
export function readConfigLayer(sources: ConfigLayerSources): ReadConfigLayer {
  return async (ref: ExtendsRef): Promise<LayerRead> => {
    const label = describeExtendsRef(ref, sources.github?.owner, sources.defaultPath);
    if (ref.kind === 'repo-file') {
      const text = await sources.readRepoFile(ref.path);
      return text === undefined ? { missing: true, label } : { text, label };
    }
    if (!sources.github) return { error: `reading another repository needs the GitHub API, and ${sources.noGitHub}`, label };
    const owner = ref.owner ?? sources.github.owner;
    if (!owner) return { error: 'the repository owner is unknown (name it: owner/repo)', label };
    return readFromGitHub(
      sources.github.requester,
      { owner, repo: ref.repo, path: ref.path ?? sources.defaultPath },
      label,
      sources.throwApiErrors,
    );
  };
}

/** A file on a repository's default branch through the contents API. */
async function readFromGitHub(
  requester: OctokitRequester,
  file: { owner: string; repo: string; path: string },
  label: string,
  throwApiErrors = false,
): Promise<LayerRead> {
  try {
    const { data } = await requester.request<{ type?: string; content?: string; encoding?: string }>(
      'GET /repos/{owner}/{repo}/contents/{path}',
      file,
    );
    if (data.type !== 'file' || typeof data.content !== 'string') return { error: `${label} is not a file`, label };
    return { text: Buffer.from(data.content, (data.encoding as BufferEncoding) || 'base64').toString('utf8'), label };
  } catch (error) {
    if (statusOf(error) === 404) return { missing: true, label };
    if (throwApiErrors) throw error;
    return { error: `the GitHub API answered ${statusOf(error) ?? (error as Error).message}`, label };
  }
}
