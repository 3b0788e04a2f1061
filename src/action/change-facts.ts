import type { ChangedLines } from '../core/check-context.js';
import { addedLineRanges } from '../core/diff-hunks.js';
import { listPullRequestFiles } from '../github/list-pull-request-files.js';
import type { OctokitLike } from '../github/octokit-like.js';
import { listChangedFilesFromGit, listChangedLinesFromGit } from '../sources/git-changes.js';

export interface ChangeFacts {
  changedFiles?: string[];
  changedLines?: ChangedLines;
  source: 'git' | 'api' | 'none';
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
    const files = await listPullRequestFiles(options.octokit, options.owner, options.repo, options.pullNumber);
    const changedFiles = [...new Set(files.flatMap((f) => (f.previous_filename ? [f.filename, f.previous_filename] : [f.filename])))].sort();
    const changedLines = new Map(files.filter((f) => f.patch).map((f) => [f.filename, addedLineRanges(f.patch!)] as const));
    return { changedFiles, changedLines, source: 'api' };
  }
  return { source: 'none' };
}
