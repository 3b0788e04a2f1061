import { changedSince, currentBranch, listDirtyPaths, runGit, type DirtyPaths } from './git-worktree.js';

const BRANCH_PREFIX = 'plangate/ralph-';
const BOT_NAME = 'github-actions[bot]';
const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';

/** `plangate/ralph-<issue>-<slug>` (`run` stands in for a missing issue number). */
export function ralphBranchName(issue: number | undefined, slug: string): string {
  return `${BRANCH_PREFIX}${issue ?? 'run'}-${slug}`;
}

/** Refuses anything but a fresh `plangate/ralph-*` branch that is not the default branch. */
function assertRalphBranch(branch: string, defaultBranch: string): void {
  if (!branch.startsWith(BRANCH_PREFIX) || branch === defaultBranch) {
    throw new Error(`refusing to commit on ${branch}: ralph commits only on ${BRANCH_PREFIX}* branches, never on the default branch ${defaultBranch}`);
  }
}

/**
 * Before the loop: move the checkout onto the run's own new branch (the working tree is
 * kept as it is), so nothing the run or the agent commits lands on the default branch.
 * Returns the commit the branch starts from.
 */
export async function startRalphBranch(workdir: string, branch: string, defaultBranch: string): Promise<string> {
  assertRalphBranch(branch, defaultBranch);
  await runGit(workdir, ['switch', '--create', branch]);
  return (await runGit(workdir, ['rev-parse', 'HEAD'])).trim();
}

export interface PublishResult {
  /** Commit pushed; undefined when the run changed nothing. */
  headSha?: string;
  committedPaths: string[];
}

/**
 * After the loop: commit what the run changed (paths dirty before the run and unchanged
 * since are left out, as is the runner's own state), then push the branch. A plain push:
 * when the remote branch moved, git refuses and so does this — never a force-push.
 */
export async function commitAndPushRalphBranch(input: {
  workdir: string;
  branch: string;
  defaultBranch: string;
  startSha: string;
  baseline: DirtyPaths;
  message: string;
  remote?: string;
}): Promise<PublishResult> {
  const { workdir, branch } = input;
  assertRalphBranch(branch, input.defaultBranch);
  const onBranch = await currentBranch(workdir);
  if (onBranch !== branch) throw new Error(`the checkout is on ${onBranch ?? 'a detached HEAD'}, not on ${branch}; nothing was committed`);
  const paths = changedSince(input.baseline, await listDirtyPaths(workdir));
  if (paths.length) {
    await runGit(workdir, ['add', '--all', '--pathspec-from-file=-', '--pathspec-file-nul'], `${paths.join('\0')}\0`);
    const identity = (await runGit(workdir, ['config', 'user.email']).catch(() => '')).trim() ? [] : ['-c', `user.name=${BOT_NAME}`, '-c', `user.email=${BOT_EMAIL}`];
    // Only these paths: anything staged before the run stays out of the commit.
    await runGit(workdir, [...identity, 'commit', '--quiet', '--no-verify', '--message', input.message, '--pathspec-from-file=-', '--pathspec-file-nul'], `${paths.join('\0')}\0`);
  }
  const head = (await runGit(workdir, ['rev-parse', 'HEAD'])).trim();
  if (head === input.startSha) return { committedPaths: [] };
  await runGit(workdir, ['push', '--quiet', input.remote ?? 'origin', `refs/heads/${branch}:refs/heads/${branch}`]);
  return { headSha: head, committedPaths: paths };
}
