import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** Path → content fingerprint of a changed or untracked path (`deleted` when it is gone). */
export type DirtyPaths = Record<string, string>;

/** Paths the runner itself writes in the workdir; never part of a commit. */
export const RUNNER_PATHS = ['.plangate/ralph/', 'plangate-ralph-result.json'];

/** git with arguments (never a shell); optional stdin. Rejects with git's stderr. */
export function runGit(cwd: string, args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`git ${args.join(' ')} failed: ${stderr.trim() || error.message}`));
      else resolve(stdout);
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

export async function isGitWorktree(cwd: string): Promise<boolean> {
  try {
    return (await runGit(cwd, ['rev-parse', '--is-inside-work-tree'])).trim() === 'true';
  } catch {
    return false;
  }
}

/**
 * Changed, staged and untracked paths with a fingerprint of their content: taken before
 * the run, it tells the runner's own changes apart from what was dirty already.
 */
export async function listDirtyPaths(cwd: string): Promise<DirtyPaths> {
  const out = await runGit(cwd, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames']);
  const dirty: DirtyPaths = {};
  for (const record of out.split('\0')) {
    if (record.length < 4) continue;
    const path = record.slice(3);
    if (RUNNER_PATHS.some((p) => path === p || path.startsWith(p))) continue;
    dirty[path] = fingerprint(join(cwd, path));
  }
  return dirty;
}

/** Paths that differ from the baseline: newly dirty, or dirty before and changed since. */
export function changedSince(baseline: DirtyPaths, now: DirtyPaths): string[] {
  return Object.keys(now)
    .filter((path) => baseline[path] !== now[path])
    .sort();
}

function fingerprint(full: string): string {
  const stat = lstatSync(full, { throwIfNoEntry: false });
  if (!stat) return 'deleted';
  const hash = createHash('sha256');
  if (stat.isSymbolicLink()) hash.update(`link:${readlinkSync(full)}`);
  else if (stat.isFile()) hash.update(`${stat.mode & 0o111 ? 'x' : '-'}:`).update(readFileSync(full));
  else hash.update(`other:${stat.mode}`);
  return hash.digest('hex');
}

export async function currentBranch(cwd: string): Promise<string | undefined> {
  try {
    const name = (await runGit(cwd, ['symbolic-ref', '--quiet', '--short', 'HEAD'])).trim();
    return name || undefined;
  } catch {
    return undefined;
  }
}
