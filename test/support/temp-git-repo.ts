import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const gitEnv = () => ({ ...process.env, GIT_AUTHOR_DATE: '2026-05-01T12:00:00Z', GIT_COMMITTER_DATE: '2026-05-01T12:00:00Z' });

/** A throwaway git repository for tests, with helpers to write files and commit. */
export class TempGitRepo {
  readonly dir: string;

  constructor(prefix = 'plangate-') {
    this.dir = mkdtempSync(join(tmpdir(), prefix));
    this.git('init', '-q', '-b', 'main');
    // The identity and signing settings written as `git config` would write them, without three more processes.
    appendFileSync(
      join(this.dir, '.git/config'),
      '[user]\n\temail = test@example.com\n\tname = plangate test\n[commit]\n\tgpgsign = false\n',
    );
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.dir, encoding: 'utf8', env: gitEnv() }).trim();
  }

  /**
   * Several git commands in one spawn: forking a test worker (500–700 MB) costs 5–8 ms a time,
   * which over the suite's hundreds of repositories was seconds of wall time; `sh` forks git cheaply.
   * Arguments go in as "$1"… so they are never shell syntax.
   */
  private shell(script: string, ...args: string[]): string {
    return execFileSync('sh', ['-c', script, 'sh', ...args], { cwd: this.dir, encoding: 'utf8', env: gitEnv() }).trim();
  }

  write(files: Record<string, string>): this {
    for (const [path, content] of Object.entries(files)) {
      const full = join(this.dir, path);
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, content);
    }
    return this;
  }

  remove(...paths: string[]): this {
    for (const p of paths) rmSync(join(this.dir, p), { recursive: true, force: true });
    return this;
  }

  copyFrom(source: string): this {
    cpSync(source, this.dir, { recursive: true });
    return this;
  }

  /** Stages everything and commits; returns the new commit SHA. */
  commit(message = 'commit'): string {
    this.shell('git add -A && git commit -q --allow-empty -m "$1"', message);
    return this.headSha();
  }

  /** HEAD's commit from `.git` itself (a fresh repository's refs are loose files); `rev-parse` otherwise. */
  private headSha(): string {
    const head = readFileSync(join(this.dir, '.git/HEAD'), 'utf8').trim();
    if (!head.startsWith('ref: ')) return head;
    try {
      return readFileSync(join(this.dir, '.git', head.slice(5)), 'utf8').trim();
    } catch {
      return this.git('rev-parse', 'HEAD');
    }
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
