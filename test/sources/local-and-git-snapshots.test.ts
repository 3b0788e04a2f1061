import { execFileSync } from 'node:child_process';
import { appendFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GitCommitSnapshot } from '../../src/sources/git-commit-snapshot.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { TempGitRepo } from '../support/temp-git-repo.js';

const repos: TempGitRepo[] = [];
afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));
const repo = () => {
  const r = new TempGitRepo();
  repos.push(r);
  return r;
};

describe('LocalDirSnapshot', () => {
  it('lists files sorted with sizes and git blob SHAs, skipping .git', async () => {
    const r = repo().write({ 'b.md': 'bee\n', 'a/x.txt': 'x' });
    const snapshot = await LocalDirSnapshot.open(r.dir);
    expect(snapshot.entries().map((e) => e.path)).toEqual(['a/x.txt', 'b.md']);
    expect(snapshot.entry('b.md')).toMatchObject({ size: 4, mode: 'file' });
    expect(await snapshot.blobSha('b.md')).toBe(r.git('hash-object', 'b.md'));
  });

  it('reads every byte of empty, small, pooled-size and multi-chunk files (a short read ends the file)', async () => {
    const sizes = [0, 1, 4095, 65_536, 65_537, 200_001];
    const body = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const r = repo().write(Object.fromEntries(sizes.map((n) => [`f${n}.txt`, body(n)])));
    const snapshot = await LocalDirSnapshot.open(r.dir);
    for (const n of sizes) expect(Buffer.from((await snapshot.readBytes(`f${n}.txt`))!).toString('latin1')).toBe(body(n));
  });

  it('reads what a file holds when read, also when it grew after it was listed', async () => {
    const r = repo().write({ 'grows.md': 'first\n' });
    const snapshot = await LocalDirSnapshot.open(r.dir);
    appendFileSync(join(r.dir, 'grows.md'), 'x'.repeat(150_000));
    const bytes = (await snapshot.readBytes('grows.md'))!;
    expect(bytes.length).toBe(6 + 150_000);
    expect(Buffer.from(bytes).toString('latin1', 0, 7)).toBe('first\nx');
  });

  it('keeps symlinks as entries and never follows them (loops and links out of the repo)', async () => {
    const r = repo().write({ 'real.md': 'real' });
    symlinkSync('/etc/passwd', join(r.dir, 'out.md'));
    symlinkSync('loop-b', join(r.dir, 'loop-a'));
    symlinkSync('loop-a', join(r.dir, 'loop-b'));
    const snapshot = await LocalDirSnapshot.open(r.dir);
    expect(snapshot.entry('out.md')?.mode).toBe('symlink');
    expect(await snapshot.readBytes('out.md')).toBeUndefined();
    expect(await snapshot.readLink('out.md')).toBe('/etc/passwd');
    expect(await snapshot.readBytes('loop-a')).toBeUndefined();
  });
});

describe('GitCommitSnapshot', () => {
  it('reads a commit through one cat-file process, with modes, and links as entries', async () => {
    const r = repo().write({ 'a.md': 'one', 'bin/run.sh': '#!/bin/sh\n' });
    execFileSync('chmod', ['+x', join(r.dir, 'bin/run.sh')]);
    symlinkSync('a.md', join(r.dir, 'link.md'));
    const first = r.commit('first');
    r.write({ 'a.md': 'two' });
    r.commit('second');
    const snapshot = await GitCommitSnapshot.open(r.dir, first);
    try {
      expect(snapshot.entries().map((e) => [e.path, e.mode])).toEqual([
        ['a.md', 'file'],
        ['bin/run.sh', 'executable'],
        ['link.md', 'symlink'],
      ]);
      const texts = await Promise.all(
        ['a.md', 'bin/run.sh', 'a.md'].map(async (p) => Buffer.from((await snapshot.readBytes(p))!).toString()),
      );
      expect(texts).toEqual(['one', '#!/bin/sh\n', 'one']);
      expect(await snapshot.readBytes('link.md')).toBeUndefined();
      expect(await snapshot.readLink('link.md')).toBe('a.md');
      expect(snapshot.commitTime?.toISOString()).toBe('2026-05-01T12:00:00.000Z');
      expect(await snapshot.readBytes('missing.md')).toBeUndefined();
    } finally {
      snapshot.close();
    }
  });

  it('rejects a revision that is not a commit', async () => {
    const r = repo().write({ 'a.md': 'x' });
    r.commit();
    await expect(GitCommitSnapshot.open(r.dir, 'no-such-branch')).rejects.toThrow(/not a commit/);
  });
});
