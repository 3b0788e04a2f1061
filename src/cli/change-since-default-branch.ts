import { listChangedFilesFromGit } from '../sources/git-changes.js';
import { gitText, isGitRepository, resolveCommit } from '../sources/git.js';

export type LocalChange = { files: string[]; against: string } | { unknown: string };

const CANDIDATES = ['origin/main', 'origin/master', 'main', 'master'];

/**
 * What a local branch changes, the way its pull request would: the working tree against the
 * merge-base with the default branch (origin's HEAD, else main or master). Used when a rule
 * needs the change and no --base was given; when there is nothing to compare, says why.
 */
export async function changeSinceDefaultBranch(dir: string): Promise<LocalChange> {
  if (!(await isGitRepository(dir))) return { unknown: `no --base was given and ${dir} is not a git repository` };
  const branch = await defaultBranch(dir);
  if (!branch) return { unknown: `no --base was given and no default branch (origin/HEAD, main, master) was found` };
  const mergeBase = await gitText(dir, ['merge-base', 'HEAD', branch]).catch(() => undefined);
  if (!mergeBase) return { unknown: `no --base was given and HEAD shares no history with ${branch}` };
  return { files: await listChangedFilesFromGit(dir, mergeBase), against: `the merge-base with ${branch} (${mergeBase.slice(0, 7)})` };
}

async function defaultBranch(dir: string): Promise<string | undefined> {
  const originHead = await gitText(dir, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']).catch(() => '');
  if (originHead) return originHead;
  for (const candidate of CANDIDATES) if (await resolveCommit(dir, candidate)) return candidate;
  return undefined;
}
