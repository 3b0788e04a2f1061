import { createHash } from 'node:crypto';
import { lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { RALPH_RESULT_FILE_NAME } from '../core/ralph/parse-ralph-result.js';
import { STATE_DIR_ROOT } from './state-dir.js';

/** Path (relative to the repository's top level) → content fingerprint of a changed or untracked path (`deleted` when it is gone). */
export type DirtyPaths = Record<string, string>;

/** Paths the runner itself writes in the workdir; never part of a commit. */
export const RUNNER_PATHS = [`${STATE_DIR_ROOT}/`, RALPH_RESULT_FILE_NAME];

/**
 * Dirty paths from `git status --porcelain=v1 -z` output (paths relative to the top level
 * `top`), without the runner's own paths under the workdir (`prefix` = the workdir relative to
 * the top level, `''` or ending in `/`), each with a fingerprint of what is on disk now.
 */
export function dirtyPathsFromStatus(statusZ: string, top: string, prefix: string): DirtyPaths {
  const dirty: DirtyPaths = {};
  const own = RUNNER_PATHS.map((p) => prefix + p);
  for (const record of statusZ.split('\0')) {
    if (record.length < 4) continue;
    const path = record.slice(3);
    if (own.some((p) => path === p || path.startsWith(p))) continue;
    dirty[path] = fingerprint(join(top, path));
  }
  return dirty;
}

/** Paths that differ from the baseline: newly dirty, or dirty before and changed since. */
export function changedSince(baseline: DirtyPaths, now: DirtyPaths): string[] {
  return Object.keys(now)
    .filter((path) => baseline[path] !== now[path])
    .sort();
}

export function fingerprint(full: string): string {
  const stat = lstatSync(full, { throwIfNoEntry: false });
  if (!stat) return 'deleted';
  const hash = createHash('sha256');
  if (stat.isSymbolicLink()) hash.update(`link:${readlinkSync(full)}`);
  else if (stat.isFile()) hash.update(`${stat.mode & 0o111 ? 'x' : '-'}:`).update(readFileSync(full));
  else hash.update(`other:${stat.mode}`);
  return hash.digest('hex');
}
