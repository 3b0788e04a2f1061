import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A throwaway git repository for tests, with helpers to write files and commit. */
export class TempGitRepo {
  readonly dir: string;

  constructor(prefix = 'plangate-') {
    this.dir = mkdtempSync(join(tmpdir(), prefix));
    this.git('init', '-q', '-b', 'main');
    this.git('config', 'user.email', 'test@example.com');
    this.git('config', 'user.name', 'plangate test');
    this.git('config', 'commit.gpgsign', 'false');
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.dir, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_DATE: '2026-05-01T12:00:00Z', GIT_COMMITTER_DATE: '2026-05-01T12:00:00Z' } }).trim();
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
    this.git('add', '-A');
    this.git('commit', '-q', '--allow-empty', '-m', message);
    return this.git('rev-parse', 'HEAD');
  }

  cleanup(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
