import { realpathSync } from 'node:fs';
import { runHardenedGit } from './hardened-git.js';
import type { TrustedPrograms } from './trusted-programs.js';

/** What plangate needs to know about the work tree's repository, read before the agent runs. */
export interface RepositoryFacts {
  /** The work tree's top level. */
  top: string;
  /** The workdir relative to `top` (`''` or ending in `/`). */
  prefix: string;
  /** The object store (resolved), which plangate's own git directory borrows. */
  objectsDir: string;
  objectFormat: string;
  /** The commit checked out; undefined before the first commit. */
  head?: string;
  branch?: string;
}

/**
 * Facts about the repository the workdir is in, or undefined when it is not in a git work tree.
 * Only read-only plumbing, hardened (`runHardenedGit`), and `safe.directory` for the workdir the
 * operator chose (a container job's checkout belongs to another user).
 */
export async function inspectRepository(programs: TrustedPrograms, workdir: string): Promise<RepositoryFacts | undefined> {
  const git = (...args: string[]) => runHardenedGit(programs, workdir, ['-c', `safe.directory=*`, ...args]).then((out) => out.trim());
  try {
    if ((await git('rev-parse', '--is-inside-work-tree')) !== 'true') return undefined;
  } catch {
    return undefined;
  }
  const [top, prefix, objects, objectFormat] = await Promise.all([
    git('rev-parse', '--show-toplevel'),
    git('rev-parse', '--show-prefix'),
    git('rev-parse', '--path-format=absolute', '--git-path', 'objects'),
    git('rev-parse', '--show-object-format'),
  ]);
  const head = await git('rev-parse', '--verify', '--quiet', 'HEAD^{commit}').catch(() => '');
  const branch = await git('symbolic-ref', '--quiet', '--short', 'HEAD').catch(() => '');
  return { top, prefix, objectsDir: realpathSync(objects), objectFormat, ...(head ? { head } : {}), ...(branch ? { branch } : {}) };
}
