import { createHash } from 'node:crypto';
import type { CommitObject, FileMode, GitPerson, GitTreeMode, RepoState, TreeItem } from './types.js';

/** What a test may give for one file: text, bytes, or bytes with a mode (a symlink's content is its target). */
export type SeedFile = string | Uint8Array | { content: string | Uint8Array; mode?: FileMode };

export interface FlatEntry {
  path: string;
  item: TreeItem;
}

const MODE_OF: Record<FileMode, GitTreeMode> = { file: '100644', executable: '100755', symlink: '120000', submodule: '160000' };

function hashObject(kind: 'blob' | 'tree' | 'commit', body: Uint8Array): string {
  return createHash('sha1').update(`${kind} ${body.length}\0`).update(body).digest('hex');
}

export function toBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
}

export function writeBlob(repo: RepoState, bytes: Uint8Array): string {
  const sha = hashObject('blob', bytes);
  repo.blobs[sha] ??= bytes;
  return sha;
}

/** A leaf tree item for a seeded file (submodule content is the commit SHA it points at). */
export function writeFile(repo: RepoState, name: string, file: SeedFile): TreeItem {
  const spec = typeof file === 'string' || file instanceof Uint8Array ? { content: file } : file;
  const mode = MODE_OF[spec.mode ?? 'file'];
  if (mode === '160000') return { name, mode, type: 'commit', sha: Buffer.from(toBytes(spec.content)).toString('utf8').trim() };
  return { name, mode, type: 'blob', sha: writeBlob(repo, toBytes(spec.content)) };
}

/** Git's tree order: byte order of names, with directories compared as if they ended in `/`. */
function treeOrder(a: TreeItem, b: TreeItem): number {
  return Buffer.compare(Buffer.from(a.type === 'tree' ? `${a.name}/` : a.name), Buffer.from(b.type === 'tree' ? `${b.name}/` : b.name));
}

function writeTreeObject(repo: RepoState, items: TreeItem[]): string {
  items.sort(treeOrder);
  const parts: Buffer[] = [];
  for (const item of items) {
    const mode = item.mode === '040000' ? '40000' : item.mode;
    parts.push(Buffer.from(`${mode} ${item.name}\0`), Buffer.from(item.sha, 'hex'));
  }
  const sha = hashObject('tree', Buffer.concat(parts));
  repo.trees[sha] ??= items;
  return sha;
}

interface DirNode {
  leaves: TreeItem[];
  dirs: Map<string, DirNode>;
}

/** Builds (and stores) the trees for a flat list of files; returns the root tree SHA. */
export function writeTreeFromLeaves(repo: RepoState, leaves: Iterable<FlatEntry>): string {
  const root: DirNode = { leaves: [], dirs: new Map() };
  for (const { path, item } of leaves) {
    const parts = path.split('/');
    let dir = root;
    for (const part of parts.slice(0, -1)) {
      let next = dir.dirs.get(part);
      if (!next) dir.dirs.set(part, (next = { leaves: [], dirs: new Map() }));
      dir = next;
    }
    dir.leaves.push({ ...item, name: parts[parts.length - 1]! });
  }
  // Post-order without recursion: visit parents first, then hash in reverse.
  const order: DirNode[] = [];
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop()!;
    order.push(dir);
    stack.push(...dir.dirs.values());
  }
  const shaOf = new Map<DirNode, string>();
  for (const dir of order.reverse()) {
    const items = [...dir.leaves];
    for (const [name, child] of dir.dirs) items.push({ name, mode: '040000', type: 'tree', sha: shaOf.get(child)! });
    shaOf.set(dir, writeTreeObject(repo, items));
  }
  return shaOf.get(root)!;
}

function gitTime(date: string): string {
  return `${Math.floor(Date.parse(date) / 1000)} +0000`;
}

export function writeCommit(
  repo: RepoState,
  input: { tree: string; parents: string[]; message: string; author: GitPerson; committer?: GitPerson },
): string {
  const committer = input.committer ?? input.author;
  const lines = [`tree ${input.tree}`, ...input.parents.map((p) => `parent ${p}`)];
  lines.push(`author ${input.author.name} <${input.author.email}> ${gitTime(input.author.date)}`);
  lines.push(`committer ${committer.name} <${committer.email}> ${gitTime(committer.date)}`);
  const message = input.message.endsWith('\n') ? input.message : `${input.message}\n`;
  const sha = hashObject('commit', Buffer.from(`${lines.join('\n')}\n\n${message}`));
  repo.commits[sha] ??= { sha, tree: input.tree, parents: input.parents, message: input.message, author: input.author, committer };
  return sha;
}

/**
 * Every item under a tree in the order `git ls-tree -r -t` prints them (trees before their
 * content). `leavesOnly` drops the tree items.
 */
export function flattenTree(repo: RepoState, treeSha: string, options: { leavesOnly?: boolean } = {}): FlatEntry[] {
  const out: FlatEntry[] = [];
  // Explicit stack of directory cursors: pre-order without recursion over repository depth.
  const stack: { prefix: string; items: TreeItem[]; next: number }[] = [{ prefix: '', items: repo.trees[treeSha] ?? [], next: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const item = top.items[top.next++];
    if (!item) {
      stack.pop();
      continue;
    }
    const path = top.prefix + item.name;
    if (item.type !== 'tree') {
      out.push({ path, item });
      continue;
    }
    if (!options.leavesOnly) out.push({ path, item });
    stack.push({ prefix: `${path}/`, items: repo.trees[item.sha] ?? [], next: 0 });
  }
  return out;
}

/** The item at a path of a tree (`''` is the root tree itself). */
export function lookupPath(repo: RepoState, treeSha: string, path: string): TreeItem | undefined {
  let current: TreeItem = { name: '', mode: '040000', type: 'tree', sha: treeSha };
  if (path === '') return current;
  for (const part of path.split('/')) {
    if (current.type !== 'tree') return undefined;
    const next: TreeItem | undefined = repo.trees[current.sha]?.find((i) => i.name === part);
    if (!next) return undefined;
    current = next;
  }
  return current;
}

/** A commit SHA for a SHA, branch, tag, full ref or `HEAD`. */
export function resolveCommit(repo: RepoState, rev: string): CommitObject | undefined {
  if (repo.commits[rev]) return repo.commits[rev];
  const ref = rev === 'HEAD' ? `refs/heads/${repo.defaultBranch}` : rev;
  for (const name of [ref, `refs/heads/${ref}`, `refs/tags/${ref}`, `refs/${ref}`]) {
    const sha = repo.refs[name];
    if (sha && repo.commits[sha]) return repo.commits[sha];
  }
  return undefined;
}

/** Git's own binary heuristic: a NUL byte in the first 8000 bytes. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 8000).includes(0);
}
