import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dirtyPathsFromStatus, type DirtyPaths } from './git-worktree.js';
import { runHardenedGit } from './hardened-git.js';
import { inspectRepository, type RepositoryFacts } from './inspect-repository.js';
import type { TrustedPrograms } from './trusted-programs.js';

/** A `http.<url>.extraheader`-style setting handed to one git command through its environment. */
export interface GitConfigPair {
  key: string;
  value: string;
}

const BOT_NAME = 'github-actions[bot]';
const BOT_EMAIL = '41898282+github-actions[bot]@users.noreply.github.com';

/**
 * plangate's own git directory for a work tree, made in a fresh temp directory when plangate
 * needs git: its config, HEAD, refs and index are plangate's; it reads the work tree and borrows
 * the repository's objects (`objects/info/alternates`), nothing else. Whatever the agent did to
 * `.git` — config (filters, textconv, fsmonitor, aliases, includes, remotes, `core.worktree`),
 * hooks, `info/attributes`, `info/exclude`, `commondir`, refs — is never read. With
 * `runHardenedGit` on top, no command here runs a program the repository chose.
 */
export class PlangateGitView {
  private constructor(
    private readonly programs: TrustedPrograms,
    private readonly dir: string,
    private readonly repository: RepositoryFacts,
  ) {}

  /** A view whose HEAD is `branch` at `head` (the repository's HEAD when plangate inspected it). */
  static async open(
    programs: TrustedPrograms,
    repository: RepositoryFacts,
    options: { head?: string; branch?: string } = {},
  ): Promise<PlangateGitView> {
    const dir = mkdtempSync(join(tmpdir(), 'plangate-git-'));
    const view = new PlangateGitView(programs, dir, repository);
    try {
      await runHardenedGit(programs, dir, ['init', '--quiet', '--bare', '--template=', `--object-format=${repository.objectFormat}`, dir]);
      writeFileSync(join(dir, 'objects', 'info', 'alternates'), `${repository.objectsDir}\n`);
      await view.git(['config', 'core.bare', 'false']);
      const branch = `refs/heads/${options.branch ?? 'plangate-view'}`;
      await view.git(['symbolic-ref', 'HEAD', branch]);
      const head = options.head ?? repository.head;
      if (head) {
        await view.git(['update-ref', branch, head]);
        await view.git(['read-tree', head]);
      }
      return view;
    } catch (error) {
      view.dispose();
      throw error;
    }
  }

  git(args: readonly string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<string> {
    return runHardenedGit(this.programs, this.repository.top, args, {
      input: options.input,
      env: { GIT_DIR: this.dir, GIT_WORK_TREE: this.repository.top, ...options.env },
    });
  }

  /** Changed, staged-in-this-view and untracked paths against the view's HEAD, with content fingerprints. */
  async dirtyPaths(): Promise<DirtyPaths> {
    const out = await this.git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--ignore-submodules=all']);
    return dirtyPathsFromStatus(out, this.repository.top, this.repository.prefix);
  }

  /** Commits exactly `paths` (as they are in the work tree) on the view's branch; returns the new commit. */
  async commit(paths: readonly string[], message: string): Promise<string> {
    await this.git(['add', '--all', '--pathspec-from-file=-', '--pathspec-file-nul'], { input: `${paths.join('\0')}\0` });
    // The view's index held only HEAD's tree before: it now differs by exactly these paths.
    await this.git(
      [
        '-c',
        `user.name=${BOT_NAME}`,
        '-c',
        `user.email=${BOT_EMAIL}`,
        'commit',
        '--quiet',
        '--no-verify',
        '--allow-empty-message',
        '--file=-',
      ],
      { input: message },
    );
    return (await this.git(['rev-parse', 'HEAD'])).trim();
  }

  /**
   * A plain push (never forced) of the view's branch to `url`. `credentials` reach this one
   * command through its environment (`GIT_CONFIG_COUNT`), only for an http(s) URL: a local or
   * ssh remote runs programs of its own, which would see them.
   */
  async push(url: string, branch: string, credentials: readonly GitConfigPair[]): Promise<void> {
    const env: Record<string, string> = {};
    if (/^https?:\/\//i.test(url) && credentials.length) {
      env.GIT_CONFIG_COUNT = String(credentials.length);
      credentials.forEach((pair, i) => {
        env[`GIT_CONFIG_KEY_${i}`] = pair.key;
        env[`GIT_CONFIG_VALUE_${i}`] = pair.value;
      });
    }
    await this.git(['push', '--quiet', '--no-verify', url, `refs/heads/${branch}:refs/heads/${branch}`], { env });
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The workdir's dirty paths (against its HEAD), read through a `PlangateGitView`; undefined outside git. */
export async function listDirtyPaths(programs: TrustedPrograms, workdir: string): Promise<DirtyPaths | undefined> {
  const repository = await inspectRepository(programs, workdir);
  if (!repository) return undefined;
  const view = await PlangateGitView.open(programs, repository);
  try {
    return await view.dirtyPaths();
  } finally {
    view.dispose();
  }
}
