import { execFile } from 'node:child_process';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { isDirectory, isFile } from './path-kind.js';
import type { TrustedPrograms } from './trusted-programs.js';

/** How deep the walks go (git's own limit for nested includes and submodules is about this). */
const MAX_DEPTH = 10;

/**
 * Every git directory of the checkout at `workdir`: its own (and its common directory, for a
 * linked worktree), each linked worktree's, and every submodule's at any depth — absorbed under
 * `<common>/modules/` (what `git submodule update` and actions/checkout make) or named by a
 * `.gitmodules` path whose `.git` is a directory or a `gitdir:` file. Empty outside a repository.
 */
export async function gitDirectories(
  programs: TrustedPrograms,
  workdir: string,
  source: Record<string, string | undefined>,
): Promise<string[]> {
  let gitDir: string;
  let commonDir: string;
  let top: string;
  try {
    const run = (...args: string[]) =>
      new Promise<string>((done, fail) =>
        execFile(
          programs.git,
          ['-c', 'safe.directory=*', 'rev-parse', ...args],
          {
            cwd: workdir,
            env: { LC_ALL: 'C', PATH: programs.searchPath, ...(source.HOME ? { HOME: source.HOME } : {}) },
            encoding: 'utf8',
          },
          (error, stdout) => (error ? fail(error) : done(stdout.trim())),
        ),
      );
    [gitDir, commonDir, top] = (await run('--path-format=absolute', '--git-dir', '--git-common-dir', '--show-toplevel')).split('\n') as [
      string,
      string,
      string,
    ];
  } catch {
    return [];
  }
  const found = new Set<string>([resolve(gitDir), resolve(commonDir)]);
  walkGitDirs(join(commonDir, 'worktrees'), found, { nestedNames: false });
  walkGitDirs(join(commonDir, 'modules'), found, { nestedNames: true });
  const trees = [{ top, depth: 0 }];
  for (let next = trees.pop(); next; next = trees.pop()) {
    if (next.depth >= MAX_DEPTH) continue;
    for (const path of submodulePaths(join(next.top, '.gitmodules'))) {
      const subTop = join(next.top, path);
      const dir = gitDirOf(join(subTop, '.git'));
      if (!dir) continue;
      if (!found.has(dir)) {
        found.add(dir);
        walkGitDirs(join(dir, 'modules'), found, { nestedNames: true });
      }
      trees.push({ top: subTop, depth: next.depth + 1 });
    }
  }
  return [...found];
}

/**
 * Git directories under `root` (a directory holding `HEAD` and `config` or `commondir`), and
 * theirs below `modules/`. `nestedNames`: look inside directories that are not git directories
 * (a submodule named `libs/a` has its git directory at `modules/libs/a`).
 */
function walkGitDirs(root: string, found: Set<string>, options: { nestedNames: boolean }, depth = 0): void {
  if (depth > MAX_DEPTH) return;
  for (const name of listDirectories(root)) {
    const dir = join(root, name);
    if (isFile(join(dir, 'HEAD')) && (isFile(join(dir, 'config')) || isFile(join(dir, 'commondir')))) {
      found.add(dir);
      walkGitDirs(join(dir, 'modules'), found, { nestedNames: true }, depth + 1);
    } else if (options.nestedNames) {
      walkGitDirs(dir, found, options, depth + 1);
    }
  }
}

/** The `path` of every submodule a `.gitmodules` file names (read as text: no git, nothing run). */
function submodulePaths(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return [...text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gim)]
    .map((m) => m[1]!.replace(/^"(.*)"$/, '$1'))
    .filter((p) => p && !isAbsolute(p) && !p.split(/[\\/]/).includes('..'));
}

/** A `.git` directory, or the directory a `.git` file (`gitdir: <path>`) points at. */
function gitDirOf(dotGit: string): string | undefined {
  const stat = lstatSync(dotGit, { throwIfNoEntry: false });
  if (stat?.isDirectory()) return dotGit;
  if (!stat?.isFile()) return undefined;
  const match = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8'));
  if (!match) return undefined;
  const dir = resolve(dirname(dotGit), match[1]!);
  return isDirectory(dir) ? dir : undefined;
}

function listDirectories(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}
