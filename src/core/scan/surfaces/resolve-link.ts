import { posix } from 'node:path';
import type { RepoSnapshot, SnapshotEntry } from '../../snapshot.js';
import { linkLeavesRepo } from '../symlink-diagnostic.js';

/** Links followed one after another before giving up (a loop, or a chain built to waste time). */
const MAX_HOPS = 8;
/** Files read through one link to a folder. */
export const MAX_FILES_PER_LINKED_DIR = 2_000;

export type LinkTarget =
  | { kind: 'file'; path: string }
  | { kind: 'dir'; path: string; files: SnapshotEntry[] }
  /** Out of the repository (an absolute path, or `..` past the root). */
  | { kind: 'outside'; target: string }
  /** Points at nothing in the tree, or at a loop. */
  | { kind: 'dangling'; target?: string };

/** Files of the tree under `dir/`, from its sorted entry list (binary search, then a bounded run). */
function filesUnder(entries: readonly SnapshotEntry[], dir: string): SnapshotEntry[] {
  const prefix = `${dir}/`;
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid]!.path < prefix) lo = mid + 1;
    else hi = mid;
  }
  const out: SnapshotEntry[] = [];
  for (let i = lo; i < entries.length && entries[i]!.path.startsWith(prefix) && out.length < MAX_FILES_PER_LINKED_DIR; i++) {
    if (entries[i]!.mode === 'file' || entries[i]!.mode === 'executable') out.push(entries[i]!);
  }
  return out;
}

/**
 * Where a symlink in the tree leads, through at most eight links, without touching the disk:
 * the tree's own entries say whether the target is a file or a folder of it.
 */
export async function resolveLink(snapshot: RepoSnapshot, linkPath: string): Promise<LinkTarget> {
  let path = linkPath;
  let target: string | undefined;
  for (let hop = 0; hop < MAX_HOPS; hop++) {
    target = await snapshot.readLink(path);
    if (target === undefined) return { kind: 'dangling' };
    if (linkLeavesRepo(path, target)) return { kind: 'outside', target };
    const resolved = posix.normalize(posix.join(posix.dirname(path), target.replace(/\\/g, '/'))).replace(/\/$/, '');
    const entry = snapshot.entry(resolved);
    if (entry?.mode === 'file' || entry?.mode === 'executable') return { kind: 'file', path: resolved };
    if (entry?.mode === 'symlink') {
      path = resolved;
      continue;
    }
    const files = filesUnder(snapshot.entries(), resolved);
    return files.length ? { kind: 'dir', path: resolved, files } : { kind: 'dangling', target };
  }
  return { kind: 'dangling', target };
}
