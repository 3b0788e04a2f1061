import { changedSince, fingerprint, type DirtyPaths } from './git-worktree.js';
import { runHardenedGit } from './hardened-git.js';
import { inspectRepository, type RepositoryFacts } from './inspect-repository.js';
import { PlangateGitView, type GitConfigPair } from './plangate-git-view.js';
import type { TrustedPrograms } from './trusted-programs.js';
import { join } from 'node:path';

const BRANCH_PREFIX = 'plangate/ralph-';

/** `plangate/ralph-<issue>-<slug>` (`run` stands in for a missing issue number). */
export function ralphBranchName(issue: number | undefined, slug: string): string {
  return `${BRANCH_PREFIX}${issue ?? 'run'}-${slug}`;
}

/** Refuses anything but a fresh `plangate/ralph-*` branch that is not the default branch. */
function assertRalphBranch(branch: string, defaultBranch: string): void {
  if (!branch.startsWith(BRANCH_PREFIX) || branch === defaultBranch) {
    throw new Error(
      `refusing to commit on ${branch}: ralph commits only on ${BRANCH_PREFIX}* branches, never on the default branch ${defaultBranch}`,
    );
  }
}

/** What publishing needs, all of it read before the agent runs. */
export interface PreparedBranch {
  branch: string;
  defaultBranch: string;
  /** The commit the branch starts from. */
  startSha: string;
  /** Where the branch goes (`origin`'s push URL, insteadOf applied, as configured before the agent). */
  pushUrl: string;
  repository: RepositoryFacts;
  /** The programs resolved before the agent ran; publishing runs only these. */
  programs: TrustedPrograms;
}

/**
 * Before the loop: move the checkout onto the run's own new branch (the working tree is kept as
 * it is), so nothing the agent commits lands on the default branch, and note where to push.
 */
export async function prepareRalphBranch(
  programs: TrustedPrograms,
  workdir: string,
  branch: string,
  defaultBranch: string,
): Promise<PreparedBranch> {
  assertRalphBranch(branch, defaultBranch);
  await runHardenedGit(programs, workdir, ['switch', '--quiet', '--create', branch]);
  const repository = await inspectRepository(programs, workdir);
  if (!repository?.head) throw new Error(`${workdir} is not a git checkout with a commit`);
  const pushUrl = (await runHardenedGit(programs, workdir, ['remote', 'get-url', '--push', 'origin'])).trim();
  return { branch, defaultBranch, startSha: repository.head, pushUrl, repository, programs };
}

export interface PublishResult {
  /** Commit pushed; undefined when the run changed nothing. */
  headSha?: string;
  committedPaths: string[];
}

/**
 * After the loop (every process of the run gone): commit what the run changed — paths dirty
 * before the run and unchanged since are left out, as is the runner's own state — on the branch
 * from its start commit, in plangate's own git directory, and push it with a plain push (a remote
 * branch that moved makes it fail; never a force-push). Nothing the agent wrote into `.git` is
 * read or run. A work tree that changes while this runs is refused.
 */
export async function publishRalphBranch(input: {
  prepared: PreparedBranch;
  baseline: DirtyPaths;
  message: string;
  credentials: readonly GitConfigPair[];
}): Promise<PublishResult> {
  const { prepared } = input;
  assertRalphBranch(prepared.branch, prepared.defaultBranch);
  const view = await PlangateGitView.open(prepared.programs, prepared.repository, { head: prepared.startSha, branch: prepared.branch });
  try {
    const before = await view.dirtyPaths();
    const paths = changedSince(input.baseline, before);
    if (!paths.length) return { committedPaths: [] };
    const headSha = await view.commit(paths, input.message);
    const moved = paths.filter((p) => fingerprint(join(prepared.repository.top, p)) !== before[p]);
    if (moved.length)
      throw new Error(`the work tree changed while it was being committed (${moved.slice(0, 5).join(', ')}); nothing was pushed`);
    await view.push(prepared.pushUrl, prepared.branch, input.credentials);
    return { headSha, committedPaths: paths };
  } finally {
    view.dispose();
  }
}
