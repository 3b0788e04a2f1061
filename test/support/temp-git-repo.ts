import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const gitEnv = () => ({ ...process.env, GIT_AUTHOR_DATE: '2026-05-01T12:00:00Z', GIT_COMMITTER_DATE: '2026-05-01T12:00:00Z' });

/** A throwaway git repository for tests, with helpers to write files and commit. */
export class TempGitRepo {
  readonly dir: string;

  constructor(prefix = 'plangate-') {
    this.dir = mkdtempSync(join(tmpdir(), prefix));
    this.shell(
      'git init -q -b main && git config user.email test@example.com && git config user.name "plangate test" && git config commit.gpgsign false',
    );
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.dir, encoding: 'utf8', env: gitEnv() }).trim();
  }

  /**
   * Several git commands in one spawn: forking a test worker (hundreds of MB) costs ~15–20 ms a
   * time, which over the suite's ~600 repositories was seconds of wall time; `sh` forks git cheaply.
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
    return this.shell('git add -A && git commit -q --allow-empty -m "$1" && git rev-parse HEAD', message);
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
