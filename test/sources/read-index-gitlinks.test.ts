import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readIndexGitlinks } from '../../src/sources/read-index-gitlinks.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { TempGitRepo } from '../support/temp-git-repo.js';

const repos: TempGitRepo[] = [];
afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));

/** What git itself says the index pins: `git ls-files --stage`, mode 160000. */
function gitlinksByGit(repo: TempGitRepo): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of repo.git('ls-files', '--stage').split('\n')) {
    const [meta, path] = line.split('\t');
    const [mode, sha] = (meta ?? '').split(' ');
    if (mode === '160000' && sha && path) out.set(path, sha);
  }
  return out;
}

describe('gitlinks read from the index file, without running git', () => {
  it('agrees with `git ls-files --stage` for index versions 2, 3 (extended flags) and 4 (prefix-compressed paths)', () => {
    const lib = new TempGitRepo('plangate-lib-').write({ 'a.txt': 'a\n' });
    repos.push(lib);
    lib.commit('lib');
    const main = new TempGitRepo('plangate-index-').write({
      'docs/a/long/path/name.md': 'x\n',
      'docs/a/long/path/other.md': 'y\n',
      'skills/x/SKILL.md': 'z\n',
    });
    repos.push(main);
    for (const path of ['.claude/skills/helper', 'docs/a/long/path/sub', 'vendor/lib'])
      main.git('-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', lib.dir, path);
    main.commit('submodules');
    for (const version of ['2', '3', '4']) {
      main.git('update-index', '--index-version', version);
      // An intent-to-add entry carries the extended flags word (index v3 and later).
      if (version !== '2') main.write({ 'new.md': 'n\n' }).git('add', '--intent-to-add', 'new.md');
      const index = readFileSync(join(main.dir, '.git/index'));
      expect(index.readUInt32BE(4)).toBe(Number(version));
      const expected = gitlinksByGit(main);
      expect(expected.size).toBe(3);
      expect(readIndexGitlinks(index)).toEqual(expected);
    }
  });

  it('never throws on bytes that are not an index, and keeps what it read before a cut', () => {
    expect(readIndexGitlinks(new Uint8Array(0)).size).toBe(0);
    expect(readIndexGitlinks(Buffer.from('DIRC\0\0\0\x09\0\0\0\x05')).size).toBe(0);
    expect(readIndexGitlinks(Buffer.from('DIRC\0\0\0\x02\xff\xff\xff\xff')).size).toBe(0);
  });

  it('a checkout lists an unfetched submodule as a submodule entry at the commit its index pins', async () => {
    const lib = new TempGitRepo('plangate-lib-').write({ 'a.txt': 'a\n' });
    repos.push(lib);
    const libSha = lib.commit('lib');
    const main = new TempGitRepo('plangate-index-').write({ 'README.md': 'x\n' });
    repos.push(main);
    main.git('-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', lib.dir, 'tools/lib');
    main.commit('submodule');
    main.git('submodule', 'deinit', '-q', '-f', 'tools/lib');
    const snapshot = await LocalDirSnapshot.open(main.dir);
    expect(snapshot.entry('tools/lib')).toEqual({ path: 'tools/lib', size: 0, mode: 'submodule', sha: libSha });
    expect(snapshot.entries().filter((e) => e.path.startsWith('tools/lib/'))).toEqual([]);
  });
});
