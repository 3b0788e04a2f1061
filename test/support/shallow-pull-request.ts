import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TempGitRepo } from './temp-git-repo.js';

export interface ShallowPullRequest {
  /** A bare repository holding `main` (the base) and `feature` (the head): the runner's `origin`. */
  origin: string;
  baseSha: string;
  headSha: string;
  /** Clones the head at depth 1 (or whole) from `url` (default `file://<origin>`), as `actions/checkout` does by default. */
  checkout(options?: { url?: string; extraHeader?: string; full?: boolean; filter?: string }): Promise<string>;
  cleanup(): void;
}

const GIT_ENV = { ...process.env, GIT_AUTHOR_DATE: '2026-05-01T12:00:00Z', GIT_COMMITTER_DATE: '2026-05-01T12:00:00Z' };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: GIT_ENV }).trim();
}

/**
 * A pull request as a runner sees it: the base and head commits live in `origin`, and the
 * checkout is a `--depth=1` clone of the head, so the base commit is not in it.
 * `head` values of `null` delete a path.
 */
export function shallowPullRequest(base: Record<string, string>, head: Record<string, string | null>): ShallowPullRequest {
  const author = new TempGitRepo('plangate-author-');
  const temps: string[] = [author.dir];
  author.write(base);
  const baseSha = author.commit('base');
  const removed = Object.entries(head)
    .filter(([, v]) => v === null)
    .map(([p]) => p);
  author.remove(...removed);
  author.write(Object.fromEntries(Object.entries(head).filter((e): e is [string, string] => e[1] !== null)));
  const headSha = author.commit('head');
  const origin = mkdtempSync(join(tmpdir(), 'plangate-origin-'));
  temps.push(origin);
  git(origin, 'init', '-q', '--bare');
  git(origin, 'config', 'uploadpack.allowFilter', 'true');
  git(author.dir, 'push', '-q', origin, `${baseSha}:refs/heads/main`, `${headSha}:refs/heads/feature`);
  return {
    origin,
    baseSha,
    headSha,
    async checkout(options = {}) {
      const dir = mkdtempSync(join(tmpdir(), 'plangate-checkout-'));
      temps.push(dir);
      const auth = options.extraHeader ? ['-c', `http.extraheader=${options.extraHeader}`] : [];
      // Asynchronous: the test's own git HTTP server must keep answering while git clones.
      await promisify(execFile)(
        'git',
        [
          ...auth,
          'clone',
          '-q',
          ...(options.full ? [] : ['--depth=1']),
          ...(options.filter ? [`--filter=${options.filter}`] : []),
          '--no-tags',
          '--branch',
          'feature',
          options.url ?? `file://${origin}`,
          '.',
        ],
        { cwd: dir, env: GIT_ENV },
      );
      return dir;
    },
    cleanup() {
      temps.forEach((t) => rmSync(t, { recursive: true, force: true }));
    },
  };
}
