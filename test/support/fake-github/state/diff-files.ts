import { flattenTree, looksBinary } from './git-objects.js';
import type { RepoState, TreeItem } from './types.js';
import { unifiedDiff } from './unified-diff.js';

export interface FileDiff {
  sha: string | null;
  filename: string;
  status: 'added' | 'removed' | 'modified' | 'renamed';
  additions: number;
  deletions: number;
  changes: number;
  patch?: string;
  previous_filename?: string;
}

const textOf = (repo: RepoState, item: TreeItem | undefined) => {
  const bytes = item?.type === 'blob' ? repo.blobs[item.sha] : undefined;
  if (!bytes) return '';
  return looksBinary(bytes) ? undefined : Buffer.from(bytes).toString('utf8');
};

/** The files two commits differ in, the way compare and PR files report them (exact renames detected). */
export function diffCommits(repo: RepoState, baseSha: string, headSha: string): FileDiff[] {
  const leaves = (sha: string) => new Map(flattenTree(repo, repo.commits[sha]!.tree, { leavesOnly: true }).map((e) => [e.path, e.item]));
  const base = leaves(baseSha);
  const head = leaves(headSha);
  const removed = new Map<string, string>();
  for (const [path, item] of base) if (!head.has(path)) removed.set(item.sha, path);
  const out: FileDiff[] = [];
  const paths = [...new Set([...base.keys(), ...head.keys()])].sort();
  const renamedFrom = new Set<string>();
  for (const path of paths) {
    const before = base.get(path);
    const after = head.get(path);
    if (before && after && before.sha === after.sha && before.mode === after.mode) continue;
    if (!before && after && removed.has(after.sha)) {
      const previous = removed.get(after.sha)!;
      renamedFrom.add(previous);
      out.push({ sha: after.sha, filename: path, status: 'renamed', additions: 0, deletions: 0, changes: 0, previous_filename: previous });
      continue;
    }
    out.push(fileDiff(repo, path, before, after));
  }
  return out.filter((f) => !(f.status === 'removed' && renamedFrom.has(f.filename)));
}

function fileDiff(repo: RepoState, filename: string, before: TreeItem | undefined, after: TreeItem | undefined): FileDiff {
  const status = !before ? 'added' : !after ? 'removed' : 'modified';
  const oldText = textOf(repo, before);
  const newText = textOf(repo, after);
  const sha = after?.sha ?? before?.sha ?? null;
  if (oldText === undefined || newText === undefined) return { sha, filename, status, additions: 0, deletions: 0, changes: 0 };
  const { patch, additions, deletions } = unifiedDiff(oldText, newText);
  return { sha, filename, status, additions, deletions, changes: additions + deletions, ...(patch ? { patch } : {}) };
}
