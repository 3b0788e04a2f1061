import { pinnedHeadProblem, planPinProblems, type PinnedCheckout, type PlanPins } from '../core/ralph/plan-pins.js';
import { runHardenedGit } from './hardened-git.js';
import { inspectRepository } from './inspect-repository.js';
import type { LoadedRalphPlan } from './load-ralph-plan.js';
import type { TrustedPrograms } from './trusted-programs.js';

/**
 * Before the plan is read: with a pinned commit, the checkout must be at it (a checkout of another
 * commit has other plan files, so nothing read from it is worth reporting). Undefined = it is.
 */
export async function verifyPinnedHead(programs: TrustedPrograms, workdir: string, commit: string): Promise<string | undefined> {
  const repository = await inspectRepository(programs, workdir);
  return pinnedHeadProblem(commit, repository ? { head: repository.head } : undefined);
}

/**
 * Why the run must not start on this plan (empty = it is the approved one): the PRD, test
 * spec and stories file against their pinned blob SHAs, and — with a pinned commit — HEAD against the commit and
 * every plan file read against that commit's blob at its path. Read with hardened git, before
 * the agent runs.
 */
export async function verifyPlanPins(programs: TrustedPrograms, workdir: string, plan: LoadedRalphPlan, pins: PlanPins): Promise<string[]> {
  const prd = plan.files.find((f) => f.role === 'PRD')!;
  const testSpec = plan.files.find((f) => f.role === 'test spec');
  const stories = plan.files.find((f) => f.role === 'stories file');
  const checkout = pins.commit ? await readCheckout(programs, workdir, pins.commit, plan) : undefined;
  return planPinProblems({
    pins,
    prd,
    ...(testSpec ? { testSpec } : {}),
    ...(stories ? { stories } : {}),
    files: plan.files,
    absent: plan.absent,
    ...(checkout ? { checkout } : {}),
  });
}

async function readCheckout(
  programs: TrustedPrograms,
  workdir: string,
  commit: string,
  plan: LoadedRalphPlan,
): Promise<PinnedCheckout | undefined> {
  const repository = await inspectRepository(programs, workdir);
  if (!repository) return undefined;
  const objectFormat = repository.objectFormat === 'sha256' ? 'sha256' : 'sha1';
  const atCommit = new Map<string, string | null>();
  if (repository.head !== commit) return { ...(repository.head ? { head: repository.head } : {}), objectFormat, atCommit };
  const paths = [...new Set([...plan.files.map((f) => f.path), ...plan.absent])];
  for (const path of paths) atCommit.set(path, null);
  // Paths from the top level (the workdir may be a folder of the repository), NUL-separated records.
  const out = await runHardenedGit(programs, repository.top, [
    'ls-tree',
    '-z',
    '--full-tree',
    commit,
    '--',
    ...paths.map((p) => repository.prefix + p),
  ]);
  for (const record of out.split('\0')) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(record);
    if (!match) continue;
    const path = match[2]!.slice(repository.prefix.length);
    if (atCommit.has(path)) atCommit.set(path, match[1]!);
  }
  return { head: repository.head, objectFormat, atCommit };
}
