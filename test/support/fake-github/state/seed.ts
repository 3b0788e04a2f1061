import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureRepo, findRepo, tick } from './create-state.js';
import { flattenTree, writeCommit, writeFile, writeTreeFromLeaves, type FlatEntry, type SeedFile } from './git-objects.js';
import type { FakeState, GitPerson } from './types.js';

export interface CommitOptions {
  message?: string;
  /** Author and committer; the date defaults to the fake clock. */
  author?: Partial<GitPerson>;
  /** Branch to start from when `branch` does not exist yet (default: the repo's default branch). */
  from?: string;
}

export interface SeedOptions extends CommitOptions {
  branch?: string;
}

const DEFAULT_AUTHOR = { name: 'Fake Author', email: 'author@example.com' };

function assertRepoPath(path: string): void {
  if (!path || path.startsWith('/') || path.split('/').some((p) => p === '' || p === '.' || p === '..')) {
    throw new Error(`fake-github: not a repository path: ${JSON.stringify(path)}`);
  }
}

function commitTree(
  state: FakeState,
  owner: string,
  name: string,
  branch: string,
  leaves: FlatEntry[],
  parent: string | undefined,
  options: CommitOptions,
): string {
  const repo = ensureRepo(state, owner, name, branch);
  const tree = writeTreeFromLeaves(repo, leaves);
  const author: GitPerson = { ...DEFAULT_AUTHOR, date: tick(state), ...options.author };
  const sha = writeCommit(repo, { tree, parents: parent ? [parent] : [], message: options.message ?? 'seed', author });
  repo.refs[`refs/heads/${branch}`] = sha;
  return sha;
}

/** Replaces the branch's tree with exactly these files (a new commit on top of the branch, if it exists). */
export function seedRepoFromFiles(
  state: FakeState,
  owner: string,
  name: string,
  files: Record<string, SeedFile>,
  options: SeedOptions = {},
): string {
  const branch = options.branch ?? findRepo(state, owner, name)?.defaultBranch ?? 'main';
  const repo = ensureRepo(state, owner, name, branch);
  const leaves: FlatEntry[] = Object.entries(files).map(([path, file]) => {
    assertRepoPath(path);
    return { path, item: writeFile(repo, path, file) };
  });
  return commitTree(state, owner, name, branch, leaves, repo.refs[`refs/heads/${branch}`], options);
}

/** A follow-up commit: `null` deletes a path. A missing branch starts from `options.from` (default branch). */
export function commitChanges(
  state: FakeState,
  owner: string,
  name: string,
  branch: string,
  changes: Record<string, SeedFile | null>,
  options: CommitOptions = {},
): string {
  const repo = findRepo(state, owner, name);
  if (!repo) throw new Error(`fake-github: no repo ${owner}/${name}; seed it first`);
  const parent = repo.refs[`refs/heads/${branch}`] ?? repo.refs[`refs/heads/${options.from ?? repo.defaultBranch}`];
  const byPath = new Map<string, FlatEntry>();
  if (parent) for (const leaf of flattenTree(repo, repo.commits[parent]!.tree, { leavesOnly: true })) byPath.set(leaf.path, leaf);
  for (const [path, file] of Object.entries(changes)) {
    assertRepoPath(path);
    if (file === null) byPath.delete(path);
    else byPath.set(path, { path, item: writeFile(repo, path, file) });
  }
  return commitTree(state, owner, name, branch, [...byPath.values()], parent, options);
}

/** Directories git never stores and LocalDirSnapshot never lists. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

/** Files of a directory as seed input: symlinks stay links, any execute bit makes a file executable. */
export async function readDirectoryFiles(root: string): Promise<Record<string, SeedFile>> {
  const files: Record<string, SeedFile> = {};
  const pending = [''];
  while (pending.length) {
    const rel = pending.pop()!;
    for (const d of await readdir(join(root, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${d.name}` : d.name;
      const full = join(root, path);
      if (d.isDirectory()) {
        if (!SKIPPED_DIRS.has(d.name)) pending.push(path);
        continue;
      }
      const stat = await lstat(full);
      if (stat.isSymbolicLink()) files[path] = { content: await readlink(full), mode: 'symlink' };
      else if (stat.isFile()) files[path] = { content: await readFile(full), mode: stat.mode & 0o111 ? 'executable' : 'file' };
    }
  }
  return files;
}
