import { lstatSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { SnapshotEntry } from '../core/snapshot.js';
import { readIndexGitlinks } from './read-index-gitlinks.js';

/** Larger files are not what they claim to be (a .gitmodules, a .git file, an index of a real repository). */
const MAX_GITMODULES_BYTES = 1024 * 1024;
const MAX_INDEX_BYTES = 256 * 1024 * 1024;

function regularFile(path: string, maxBytes: number): Buffer | undefined {
  try {
    const stat = lstatSync(path);
    return stat.isFile() && stat.size <= maxBytes ? readFileSync(path) : undefined;
  } catch {
    return undefined;
  }
}

function isEmptyDirectory(path: string): boolean {
  try {
    return lstatSync(path).isDirectory() && readdirSync(path).length === 0;
  } catch {
    return false;
  }
}

/** `path = …` of each `[submodule "…"]` section; paths that leave the tree are dropped. */
function gitmodulesPaths(text: string): string[] {
  const paths: string[] = [];
  for (const match of text.matchAll(/^[ \t]*path[ \t]*=[ \t]*(.*?)[ \t]*$/gm)) {
    const path = match[1]!
      .replace(/^"(.*)"$/, '$1')
      .replace(/\\/g, '/')
      .replace(/\/+$/, '');
    if (path && !path.startsWith('/') && !path.split('/').some((s) => s === '..' || s === '.' || s === '')) paths.push(path);
  }
  return paths;
}

/** The git directory holding this folder's index, and the folder's path inside that work tree. */
function findGitDir(root: string): { gitDir: string; prefix: string } | undefined {
  for (let dir = resolve(root); ; dir = dirname(dir)) {
    const dotGit = join(dir, '.git');
    try {
      const stat = lstatSync(dotGit);
      const prefix = relative(dir, resolve(root)).split(sep).join('/');
      if (stat.isDirectory()) return { gitDir: dotGit, prefix };
      const pointer = /^gitdir:[ \t]*(.+?)\s*$/m.exec(regularFile(dotGit, 4096)?.toString('utf8') ?? '')?.[1];
      return pointer ? { gitDir: resolve(dir, pointer), prefix } : undefined;
    } catch {
      // No .git here: look in the folder above.
    }
    if (dirname(dir) === dir) return undefined;
  }
}

function hashBytes(gitDir: string): number {
  const common = regularFile(join(gitDir, 'commondir'), 4096)?.toString('utf8').trim();
  const config = regularFile(join(common ? resolve(gitDir, common) : gitDir, 'config'), MAX_GITMODULES_BYTES)?.toString('utf8') ?? '';
  return /^\s*objectformat\s*=\s*sha256\s*$/im.test(config) ? 32 : 20;
}

/**
 * The submodules of a working tree, as snapshot entries: folders holding another repository's
 * checkout (a `.git` inside them), and folders `.gitmodules` registers that are empty (a checkout
 * that did not fetch them). Each carries the commit the index pins it at, when the index has it
 * (read from the file; no git process runs).
 */
export function findLocalSubmodules(root: string, nestedCheckouts: readonly string[]): SnapshotEntry[] {
  const paths = new Set(nestedCheckouts);
  const gitmodules = regularFile(join(root, '.gitmodules'), MAX_GITMODULES_BYTES);
  if (gitmodules)
    for (const path of gitmodulesPaths(gitmodules.toString('utf8'))) if (isEmptyDirectory(join(root, ...path.split('/')))) paths.add(path);
  if (!paths.size) return [];
  const git = findGitDir(root);
  const index = git ? regularFile(join(git.gitDir, 'index'), MAX_INDEX_BYTES) : undefined;
  const gitlinks = git && index ? readIndexGitlinks(index, hashBytes(git.gitDir)) : new Map<string, string>();
  return [...paths].map((path) => {
    const sha = gitlinks.get(git?.prefix ? `${git.prefix}/${path}` : path);
    return { path, size: 0, mode: 'submodule' as const, ...(sha ? { sha } : {}) };
  });
}
