import type { SnapshotEntry } from '../../core/snapshot.js';
import type { OctokitLike } from '../../github/octokit-like.js';
import { fetchTreeEntries } from './fetch-tree-entries.js';
import { listChangedFiles } from './list-changed-files.js';

export interface ChangedPathsTarget {
  octokit: OctokitLike;
  owner: string;
  repo: string;
  /** The PR's base and head commits: paths are what changed since their merge base, as the PR's diff shows. */
  base: string;
  head: string;
  /** The head commit's tree, already listed by the evaluation. */
  headEntries: readonly SnapshotEntry[];
  /** A tree the evaluation already listed (the default branch's), reused when it is the merge base's. */
  known?: { commitSha: string; entries: readonly SnapshotEntry[] };
}

/**
 * The paths a PR changes, without patches (what `plans.require: when-changed` and
 * `mustChangeInPr` need): one compare call, whose file list is whole below GitHub's 300-file cap;
 * above it, the merge base's tree against the head's by blob SHA and mode (renames are a removed
 * and an added path, as the PR files API names both). Listing the PR's files instead costs one
 * request per 100 files — 20 for a 2,000-file PR, before any check has run.
 */
export async function listChangedPaths(target: ChangedPathsTarget): Promise<string[]> {
  const { octokit, owner, repo } = target;
  const compare = await listChangedFiles({ octokit, owner, repo, base: target.base, head: target.head });
  if (compare.complete) return compare.paths;
  const mergeBase = compare.mergeBase!;
  const baseEntries =
    target.known?.commitSha === mergeBase
      ? target.known.entries
      : (await fetchTreeEntries({ octokit, owner, repo, commitSha: mergeBase })).entries;
  return diffTrees(baseEntries, target.headEntries);
}

/** Paths whose blob or mode differs, or that only one side has; sorted. */
export function diffTrees(before: readonly SnapshotEntry[], after: readonly SnapshotEntry[]): string[] {
  const key = (e: SnapshotEntry) => `${e.mode} ${e.sha ?? ''}`;
  const old = new Map(before.map((e) => [e.path, key(e)]));
  const changed: string[] = [];
  for (const e of after) {
    if (old.get(e.path) !== key(e)) changed.push(e.path);
    old.delete(e.path);
  }
  for (const path of old.keys()) changed.push(path);
  return changed.sort();
}
