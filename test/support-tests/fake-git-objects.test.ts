import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../support/fake-github/index.js';
import { unifiedDiff } from '../support/fake-github/state/unified-diff.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'fake-git-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', '-c', 'core.autocrlf=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Ada',
      GIT_AUTHOR_EMAIL: 'ada@example.com',
      GIT_AUTHOR_DATE: '1767225600 +0000',
      GIT_COMMITTER_NAME: 'Ada',
      GIT_COMMITTER_EMAIL: 'ada@example.com',
      GIT_COMMITTER_DATE: '1767225600 +0000',
    },
  });

describe('git objects', () => {
  it('gives the same commit SHA as git for the same files, modes, symlinks and author', async () => {
    const repo = join(dir, 'repo');
    mkdirSync(join(repo, 'a'), { recursive: true });
    writeFileSync(join(repo, 'a.b'), 'sorts before the a/ directory\n');
    writeFileSync(join(repo, 'a', 'inner.md'), '# inner\n');
    writeFileSync(join(repo, 'run.sh'), '#!/bin/sh\necho hi\n');
    chmodSync(join(repo, 'run.sh'), 0o755);
    writeFileSync(join(repo, 'crlf.txt'), 'one\r\ntwo\r\n');
    writeFileSync(join(repo, 'ünïcode name.md'), 'x');
    symlinkSync('a/inner.md', join(repo, 'link'));
    git(repo, 'init', '-q');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'seed');
    const expected = git(repo, 'rev-parse', 'HEAD').trim();

    const fake = await FakeGitHub.start();
    try {
      const sha = await fake.seedRepoFromDirectory('acme', 'widgets', repo, {
        author: { name: 'Ada', email: 'ada@example.com', date: '2026-01-01T00:00:00Z' },
        message: 'seed',
      });
      expect(sha).toBe(expected);
    } finally {
      await fake.close();
    }
  });
});

describe('unified diff', () => {
  const cases: Record<string, [string, string]> = {
    'one line changed': ['a\nb\nc\nd\ne\nf\ng\n', 'a\nb\nc\nD\ne\nf\ng\n'],
    'lines added at the end': ['a\nb\n', 'a\nb\nc\nd\n'],
    'no newline at end of file': ['a\nb', 'a\nc'],
    'two hunks far apart': [
      Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\n') + '\n',
      Array.from({ length: 30 }, (_, i) => (i === 2 || i === 25 ? `changed ${i}` : `line ${i}`)).join('\n') + '\n',
    ],
    'new file': ['', 'x\ny\n'],
    'deleted content': ['x\ny\n', ''],
  };
  for (const [name, [before, after]] of Object.entries(cases)) {
    it(`matches git diff: ${name}`, () => {
      const a = join(dir, `${name}-a`);
      const b = join(dir, `${name}-b`);
      writeFileSync(a, before);
      writeFileSync(b, after);
      let out = '';
      try {
        git(dir, 'diff', '--no-index', '-U3', a, b);
      } catch (error) {
        out = String((error as { stdout: string }).stdout);
      }
      const hunks = out.slice(out.indexOf('@@')).replace(/\n$/, '');
      expect(unifiedDiff(before, after).patch).toBe(hunks);
    });
  }
});
