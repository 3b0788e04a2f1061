import type { ChangedLines } from '../core/check-context.js';
import { addedLineRanges } from '../core/diff-hunks.js';
import type { OctokitLike } from '../github/octokit-like.js';
import { listChangedFilesFromGit, listChangedLinesFromGit } from '../sources/git-changes.js';
import { listChangedFiles } from '../sources/github/list-changed-files.js';

export interface ChangeFacts {
  changedFiles?: string[];
  changedLines?: ChangedLines;
  source: 'git' | 'api' | 'none';
  /** Why the changed files are unknown, when they are. */
  problem?: string;
}

/** Changed files and lines: from git when the base is in the checkout, else from the PR files API. */
export async function loadChangeFacts(options: {
  workspace: string;
  baseInCheckout: boolean;
  baseSha: string;
  octokit?: OctokitLike;
  owner: string;
  repo: string;
  pullNumber?: number;
}): Promise<ChangeFacts> {
  if (options.baseInCheckout) {
    const [changedFiles, changedLines] = await Promise.all([
      listChangedFilesFromGit(options.workspace, options.baseSha, 'HEAD'),
      listChangedLinesFromGit(options.workspace, options.baseSha, 'HEAD'),
    ]);
    return { changedFiles, changedLines, source: 'git' };
  }
  if (options.octokit && options.pullNumber) {
    try {
      const changed = await listChangedFiles({ octokit: options.octokit, owner: options.owner, repo: options.repo, pullNumber: options.pullNumber });
      const changedLines = new Map(changed.files.filter((f) => f.patch).map((f) => [f.filename, addedLineRanges(f.patch!)] as const));
      return { changedFiles: changed.paths, changedLines, source: 'api' };
    } catch (error) {
      return { source: 'none', problem: `the PR files API failed (${(error as Error).message.split('\n')[0]})` };
    }
  }
  return { source: 'none', problem: 'the base commit is not in the checkout and no token was given' };
}
