import { compareCodeUnits, type EntryMode, type SnapshotEntry } from '../../core/snapshot.js';
import type { OctokitLike } from '../../github/octokit-like.js';
import { SKIPPED_DIRS, isSkippedPath } from '../skipped-paths.js';
import { gitTreeSha } from './git-tree-sha.js';

const TREE_ROUTE = 'GET /repos/{owner}/{repo}/git/trees/{tree_sha}';

/**
 * Tree requests one listing may make when GitHub cuts the recursive one. Each uncut subtree
 * listing carries up to 100,000 entries, so this covers trees of many millions of entries;
 * past it the listing fails (and the check with it) rather than judge a partial tree.
 */
export const MAX_TREE_REQUESTS = 300;
/** Files one listing may hold (memory stays bounded whatever a repository holds). */
export const MAX_TREE_ENTRIES = 2_000_000;

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
  /** Tree requests allowed when the recursive listing is cut (default `MAX_TREE_REQUESTS`). */
  maxTreeRequests?: number;
}

export interface TreeListing {
  entries: SnapshotEntry[];
  /** GitHub cut the recursive listing, so the tree was read in parts (every entry is still there). */
  truncated: boolean;
}

const MODES: Record<string, EntryMode> = { '100755': 'executable', '120000': 'symlink', '160000': 'submodule' };

/**
 * Every file of a commit: one recursive tree call. When GitHub cuts it (> 100,000 entries or
 * 7 MB), the cut listing is kept and checked directory by directory, level by level from the
 * root: a directory whose listed entries hash to its tree SHA is complete (whatever order GitHub
 * listed in); one that does not is listed again — on its own (one level), or, when the cut left
 * nothing of it, as one recursive listing of its subtree. The result is the tree a whole
 * listing gives, so every check and discovery rule (skills and agent files anywhere) sees the
 * same files. `.git` and `node_modules` are never descended. Bounded: past `maxTreeRequests`
 * calls or `MAX_TREE_ENTRIES` entries, or a single directory GitHub cuts, the listing fails —
 * a partial tree never gets a verdict.
 */
export async function fetchTreeEntries(source: TreeSource): Promise<TreeListing> {
  const full = await getTree(source, source.commitSha, true);
  const out: SnapshotEntry[] = [];
  if (!full.truncated) {
    for (const item of full.tree) addEntry(out, item.path, item);
    return { entries: sortEntries(out), truncated: false };
  }
  await completeCutListing(source, full, out);
  return { entries: sortEntries(out), truncated: true };
}

/** Direct entries per directory path (`''` is the root), from any listing. */
type Directories = Map<string, TreeItemNamed[]>;

interface TreeItemNamed extends TreeItem {
  name: string;
}

async function completeCutListing(source: TreeSource, full: TreeResponse, out: SnapshotEntry[]): Promise<void> {
  const budget = source.maxTreeRequests ?? MAX_TREE_REQUESTS;
  let requests = 1;
  const where = `${source.owner}/${source.repo} at ${source.commitSha.slice(0, 7)}`;
  const fetch = async (sha: string, recursive: boolean): Promise<TreeResponse> => {
    if (++requests > budget)
      throw new Error(
        `The tree of ${where} is too large to list: GitHub cut its recursive listing and completing it took more than ${budget} tree requests`,
      );
    return getTree(source, sha, recursive);
  };
  const algorithm = full.sha.length === 64 ? 'sha256' : 'sha1';
  const directories: Directories = new Map();
  addToDirectories(directories, '', full.tree);
  // Directories inside a subtree GitHub listed whole: complete without checking.
  const whole = new Set<string>();
  const listedWhole = new Map<string, TreeResponse>();
  const visited = new Set<string>();
  let level = [{ path: '', sha: full.sha }];
  let entries = 0;
  while (level.length) {
    const next: { path: string; sha: string }[] = [];
    for (const dir of level) {
      if (visited.has(dir.path)) continue;
      visited.add(dir.path);
      let items = directories.get(dir.path) ?? [];
      const complete = whole.has(dir.path) || (items.length > 0 && gitTreeSha(items, algorithm) === dir.sha);
      if (!complete && !items.length) {
        // Nothing of it survived the cut: its whole subtree in one call, if GitHub can (once per tree SHA).
        const subtree = listedWhole.get(dir.sha) ?? (await fetch(dir.sha, true));
        addToDirectories(directories, dir.path, subtree.tree);
        if (!subtree.truncated) {
          listedWhole.set(dir.sha, subtree);
          markWhole(whole, dir.path, subtree.tree);
        }
        items = directories.get(dir.path) ?? [];
      }
      if (!whole.has(dir.path) && !(items.length > 0 && gitTreeSha(items, algorithm) === dir.sha)) {
        const own = await fetch(dir.sha, false);
        if (own.truncated)
          throw new Error(`GitHub cut the listing of the directory ${dir.path || '/'} in ${where} (too many entries in one directory)`);
        items = own.tree.map((item) => ({ ...item, name: item.path }));
        directories.set(dir.path, items);
      }
      for (const item of items) {
        const path = dir.path ? `${dir.path}/${item.name}` : item.name;
        if (item.type === 'tree') {
          if (!SKIPPED_DIRS.has(item.name)) next.push({ path, sha: item.sha });
        } else if (addEntry(out, path, item) && ++entries > MAX_TREE_ENTRIES) {
          throw new Error(`The tree of ${where} has more than ${MAX_TREE_ENTRIES} entries; plangate does not evaluate trees that large`);
        }
      }
      directories.delete(dir.path);
    }
    level = next;
  }
}

/** Files the snapshot holds; `.git` and `node_modules` content is never listed (as by every source). */
function addEntry(out: SnapshotEntry[], path: string, item: TreeItem): boolean {
  if (item.type === 'tree' || isSkippedPath(path)) return false;
  out.push({ path, sha: item.sha, size: item.size ?? 0, mode: MODES[item.mode] ?? 'file' });
  return true;
}

/**
 * The entries of a recursive listing of `prefix` (paths relative to it), filed under their
 * directories; what a listing says about a directory replaces what an earlier one said.
 */
function addToDirectories(directories: Directories, prefix: string, items: readonly TreeItem[]): void {
  const filed: Directories = new Map();
  for (const item of items) {
    const full = prefix ? `${prefix}/${item.path}` : item.path;
    const slash = full.lastIndexOf('/');
    const parent = slash < 0 ? '' : full.slice(0, slash);
    let list = filed.get(parent);
    if (!list) filed.set(parent, (list = []));
    list.push({ ...item, name: full.slice(slash + 1) });
  }
  for (const [dir, list] of filed) directories.set(dir, list);
}

function markWhole(whole: Set<string>, prefix: string, items: readonly TreeItem[]): void {
  whole.add(prefix);
  for (const item of items) if (item.type === 'tree') whole.add(prefix ? `${prefix}/${item.path}` : item.path);
}

async function getTree(source: TreeSource, treeSha: string, recursive: boolean): Promise<TreeResponse> {
  const { data } = await source.octokit.request(TREE_ROUTE, {
    owner: source.owner,
    repo: source.repo,
    tree_sha: treeSha,
    ...(recursive ? { recursive: '1' } : {}),
  });
  const tree = data as Partial<TreeResponse> | undefined;
  if (!tree || !Array.isArray(tree.tree))
    throw new Error(`GitHub answered ${TREE_ROUTE.slice(4)} for ${treeSha.slice(0, 7)} without a tree`);
  return { sha: tree.sha ?? treeSha, tree: tree.tree, truncated: tree.truncated === true };
}

function sortEntries(entries: readonly SnapshotEntry[]): SnapshotEntry[] {
  const byPath = new Map<string, SnapshotEntry>();
  for (const e of entries) byPath.set(e.path, e);
  return [...byPath.values()].sort((a, b) => compareCodeUnits(a.path, b.path));
}
