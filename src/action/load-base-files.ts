import type { RepoSnapshot } from '../core/snapshot.js';
import { MemorySnapshot } from '../core/memory-snapshot.js';
import { getFileContent } from '../github/get-file-content.js';
import type { OctokitLike } from '../github/octokit-like.js';
import { GitCommitSnapshot } from '../sources/git-commit-snapshot.js';
import { resolveCommit } from '../sources/git.js';

export interface BaseFiles {
  /** Where config and suppressions came from, for the notice and the summary. */
  origin: 'git' | 'api' | 'defaults';
  configText?: string;
  /** The base tree (git), or the trusted files fetched through the API; undefined with defaults. */
  snapshot?: RepoSnapshot;
  /** Why the base could not be read, when it could not. */
  problem?: string;
  close: () => void;
}

/**
 * Config and suppressions from the PR's base — never from the head: from git when the
 * base commit is in the checkout, else through the contents API, else built-in defaults.
 */
export async function loadBaseFiles(options: {
  workspace: string;
  baseSha: string;
  configPath: string;
  baselinePath: string;
  octokit?: OctokitLike;
  owner: string;
  repo: string;
}): Promise<BaseFiles> {
  const sha = await resolveCommit(options.workspace, options.baseSha);
  if (sha) {
    const snapshot = await GitCommitSnapshot.open(options.workspace, sha);
    const bytes = await snapshot.readBytes(options.configPath);
    return { origin: 'git', configText: bytes ? Buffer.from(bytes).toString('utf8') : undefined, snapshot, close: () => snapshot.close() };
  }
  if (options.octokit) {
    try {
      const [config, baseline] = await Promise.all(
        [options.configPath, options.baselinePath].map((path) => getFileContent(options.octokit!, options.owner, options.repo, path, options.baseSha)),
      );
      const files: Record<string, string> = {};
      if (config !== null && config !== undefined) files[options.configPath] = config;
      if (baseline !== null && baseline !== undefined) files[options.baselinePath] = baseline;
      return { origin: 'api', configText: config ?? undefined, snapshot: new MemorySnapshot(files, `base ${options.baseSha.slice(0, 12)} (API)`), close: () => undefined };
    } catch (error) {
      return { origin: 'defaults', problem: `the contents API failed (${(error as Error).message})`, close: () => undefined };
    }
  }
  return { origin: 'defaults', problem: 'the base commit is not in the checkout (fetch-depth) and no token was given', close: () => undefined };
}
