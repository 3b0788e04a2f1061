import { compareCodeUnits, type EntryMode, type SnapshotEntry } from '../../core/snapshot.js';
import type { OctokitLike } from '../../github/octokit-like.js';
import { SKIPPED_DIRS, isSkippedPath } from '../skipped-paths.js';

const TREE_ROUTE = 'GET /repos/{owner}/{repo}/git/trees/{tree_sha}';


interface TreeItem {
  path: string;
  mode: string;
  type: string;
  sha: string;
  size?: number;
}

interface TreeResponse {
  sha: string;
  tree: TreeItem[];
  truncated: boolean;
}

export interface TreeSource {
  octokit: OctokitLike;
  owner: string;
  repo: string;
  commitSha: string;
  /** Where to look when the tree is too big for one listing (plans dir, skill roots, task files…). */
  roots?: readonly string[];
}

export interface TreeListing {
  entries: SnapshotEntry[];
  /** GitHub cut the recursive listing; entries cover the top level and `roots` only. */
  truncated: boolean;
}

const MODES: Record<string, EntryMode> = { '100755': 'executable', '120000': 'symlink', '160000': 'submodule' };

function toEntry(prefix: string, item: TreeItem): SnapshotEntry | undefined {
  if (item.type === 'tree') return undefined;
  const path = prefix + item.path;
  if (isSkippedPath(path)) return undefined;
  return { path, sha: item.sha, size: item.size ?? 0, mode: MODES[item.mode] ?? 'file' };
}

async function getTree(source: TreeSource, treeSha: string, recursive: boolean): Promise<TreeResponse> {
  const { data } = await source.octokit.request(TREE_ROUTE, { owner: source.owner, repo: source.repo, tree_sha: treeSha, ...(recursive ? { recursive: '1' } : {}) });
  return data as TreeResponse;
}

/**
 * Every file of a commit in one recursive tree call. When GitHub truncates the listing
 * (> 100,000 entries or 7 MB), falls back to non-recursive calls: the top level, then a walk
 * down to each configured root and one recursive listing per root.
 */
export async function fetchTreeEntries(source: TreeSource): Promise<TreeListing> {
  const full = await getTree(source, source.commitSha, true);
  if (!full.truncated) return { entries: sortEntries(full.tree.map((item) => toEntry('', item))), truncated: false };
  if (!source.roots) {
    throw new Error(`The tree of ${source.owner}/${source.repo} at ${source.commitSha.slice(0, 7)} is too large for one GitHub listing; pass the roots to read.`);
  }
  const top = await getTree(source, source.commitSha, false);
  const found: (SnapshotEntry | undefined)[] = top.tree.map((item) => toEntry('', item));
  for (const root of outermostRoots(source.roots)) found.push(...(await listRoot(source, top, root)));
  return { entries: sortEntries(found), truncated: true };
}

/** Roots normalised, without those inside another root (listing the outer one covers them). */
function outermostRoots(roots: readonly string[]): string[] {
  const clean = [...new Set(roots.map((r) => r.replace(/^\.?\/+|\/+$/g, '')).filter(Boolean))].sort();
  return clean.filter((root) => !clean.some((other) => other !== root && root.startsWith(`${other}/`)));
}

async function listRoot(source: TreeSource, top: TreeResponse, root: string): Promise<(SnapshotEntry | undefined)[]> {
  const parts = root.split('/');
  let level = top;
  for (const [i, part] of parts.entries()) {
    const item = level.tree.find((t) => t.path === part);
    if (!item) return [];
    const prefix = parts.slice(0, i).map((p) => `${p}/`).join('');
    if (item.type !== 'tree') return i === parts.length - 1 ? [toEntry(prefix, item)] : [];
    if (i === parts.length - 1) return listSubtree(source, item.sha, `${root}/`);
    level = await getTree(source, item.sha, false);
  }
  return [];
}

/** One recursive listing of a subtree; if that is cut too, one non-recursive call per directory. */
async function listSubtree(source: TreeSource, treeSha: string, prefix: string): Promise<(SnapshotEntry | undefined)[]> {
  const recursive = await getTree(source, treeSha, true);
  if (!recursive.truncated) return recursive.tree.map((item) => toEntry(prefix, item));
  const out: (SnapshotEntry | undefined)[] = [];
  const pending = [{ sha: treeSha, prefix }];
  while (pending.length) {
    const dir = pending.pop()!;
    for (const item of (await getTree(source, dir.sha, false)).tree) {
      if (item.type === 'tree') {
        if (!SKIPPED_DIRS.has(item.path)) pending.push({ sha: item.sha, prefix: `${dir.prefix}${item.path}/` });
      } else out.push(toEntry(dir.prefix, item));
    }
  }
  return out;
}

function sortEntries(entries: (SnapshotEntry | undefined)[]): SnapshotEntry[] {
  const byPath = new Map<string, SnapshotEntry>();
  for (const e of entries) if (e) byPath.set(e.path, e);
  return [...byPath.values()].sort((a, b) => compareCodeUnits(a.path, b.path));
}
