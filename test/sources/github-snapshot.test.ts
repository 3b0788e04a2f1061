import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Octokit } from '@octokit/core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { evaluate } from '../../src/core/evaluate.js';
import type { RepoSnapshot } from '../../src/core/snapshot.js';
import { renderJson } from '../../src/render/json.js';
import { BlobCache } from '../../src/sources/github/blob-cache.js';
import { GitHubSnapshot } from '../../src/sources/github/github-snapshot.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { CORPUS, EXAMPLES } from '../support/paths.js';

const OH_MY_COPILOT = join(CORPUS, 'real/oh-my-copilot');
const BLOB_REST = 'GET /repos/{owner}/{repo}/git/blobs/{file_sha}';
const TREE = 'GET /repos/{owner}/{repo}/git/trees/{tree_sha}';
const GRAPHQL = 'POST /graphql';

let fake: FakeGitHub;
let octokit: Octokit;
let edgeDir: string;

/** A working tree with the files that trip naive readers: modes, links, encodings, odd names. */
function writeEdgeRepo(dir: string): void {
  const put = (path: string, content: string | Uint8Array) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  put('README.md', '# edge\n');
  put('scripts/run.sh', '#!/bin/sh\necho run\n');
  chmodSync(join(dir, 'scripts/run.sh'), 0o755);
  symlinkSync('../README.md', join(dir, 'scripts/readme-link'));
  put('assets/logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
  put('text/latin1.md', new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  put('text/utf16.md', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi there\n', 'utf16le')]));
  put('text/crlf.md', 'one\r\ntwo\r\n');
  put('text/bom.md', '\uFEFFbom first\n');
  put('text/empty.md', '');
  put('names/with space.md', 'space\n');
  put('names/<img src=x>.md', 'html name\n');
  put('names/@user.md', 'mention name\n');
  put('names/ünïcödé.md', 'unicode\n');
  put('names/quote " and \\ backslash.md', 'escaped in no query\n');
  put('big/large.md', `${'a'.repeat(1023)}\n`.repeat(600));
  put('node_modules/dep/index.js', 'skipped by every source\n');
}

beforeAll(() => {
  edgeDir = mkdtempSync(join(tmpdir(), 'gh-snapshot-'));
  writeEdgeRepo(edgeDir);
});

afterAll(() => rmSync(edgeDir, { recursive: true, force: true }));

beforeEach(async () => {
  fake = await FakeGitHub.start();
  octokit = new Octokit({ baseUrl: fake.url, auth: 'test-token' });
});

afterEach(async () => {
  expect(fake.validationErrors).toEqual([]);
  await fake.close();
});

const open = (commitSha: string, extra: Partial<Parameters<typeof GitHubSnapshot.open>[0]> = {}) =>
  GitHubSnapshot.open({ octokit, owner: 'acme', repo: 'widgets', commitSha, ...extra });
const everyFile = (entries: readonly { path: string; mode: string }[]) => entries.filter((e) => e.mode !== 'submodule').map((e) => e.path);

// Compared as strings: deep equality over 600 KB typed arrays is slow.
const base64 = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('base64') : bytes);

async function expectSameTree(github: RepoSnapshot, local: RepoSnapshot): Promise<void> {
  expect(github.entries().map(({ path, size, mode }) => ({ path, size, mode }))).toEqual(
    local.entries().map(({ path, size, mode }) => ({ path, size, mode })),
  );
  for (const { path } of local.entries()) {
    expect(base64(await github.readBytes(path)), path).toBe(base64(await local.readBytes(path)));
    expect(await github.readLink(path), path).toEqual(await local.readLink(path));
    expect(await github.blobSha(path), path).toEqual(await local.blobSha(path));
  }
}

describe('GitHubSnapshot reads what LocalDirSnapshot reads', () => {
  it('gives the same entries, bytes, links and blob SHAs for a tree full of edge cases', async () => {
    const sha = await fake.seedRepoFromDirectory('acme', 'widgets', edgeDir);
    const github = await open(sha, { prefetch: everyFile });
    await expectSameTree(github, await LocalDirSnapshot.open(edgeDir));
    expect(github.failures).toEqual([]);
  });

  it('gives the same entries and bytes for the real oh-my-copilot corpus', async () => {
    const sha = await fake.seedRepoFromDirectory('acme', 'widgets', OH_MY_COPILOT);
    await expectSameTree(await open(sha), await LocalDirSnapshot.open(OH_MY_COPILOT));
  });

  for (const [name, dir] of [
    ['oh-my-copilot corpus', OH_MY_COPILOT],
    ['ralphdex corpus', join(CORPUS, 'real/ralphdex')],
    ['examples/omx-blocked', join(EXAMPLES, 'omx-blocked')],
    ['examples/omp', join(EXAMPLES, 'omp')],
  ] as const) {
    it(`evaluate() gives a byte-identical JSON report over GitHub and the local directory (${name})`, async () => {
      const sha = await fake.seedRepoFromDirectory('acme', 'widgets', dir);
      const context = { now: new Date('2026-06-01T00:00:00Z') };
      const local = await evaluate({ snapshot: await LocalDirSnapshot.open(dir), configFile: '.github/plangate.yml', context });
      const github = await evaluate({ snapshot: await open(sha), configFile: '.github/plangate.yml', context });
      if (!local.ok || !github.ok) throw new Error('config problems');
      expect(renderJson(github.report)).toBe(renderJson(local.report));
      expect(JSON.stringify({ ...github.report, timingsMs: {} })).toBe(JSON.stringify({ ...local.report, timingsMs: {} }));
    });
  }
});

describe('API budget', () => {
  function manyFiles(count: number): Record<string, string> {
    const files: Record<string, string> = {};
    for (let i = 0; i < count; i++) files[`docs/page-${String(i).padStart(4, '0')}.md`] = `# page ${i}\n`;
    return files;
  }

  it('first read: one tree call and ⌈blobs / 100⌉ GraphQL calls, nothing else', async () => {
    const sha = fake.seedRepoFromFiles('acme', 'widgets', manyFiles(250));
    const snapshot = await open(sha, { prefetch: everyFile });
    expect(fake.counts().byRoute).toEqual({ [TREE]: 1, [GRAPHQL]: 3 });
    expect(fake.requests.filter((r) => r.route === GRAPHQL).map((r) => r.objectFields)).toEqual([100, 100, 50]);
    fake.resetRequests();
    expect(await snapshot.readBytes('docs/page-0249.md')).toEqual(Buffer.from('# page 249\n'));
    expect(fake.counts().total).toBe(0);
  });

  it('a second open of an unchanged tree with the shared cache makes no blob request', async () => {
    const sha = fake.seedRepoFromFiles('acme', 'widgets', manyFiles(120));
    const cache = new BlobCache();
    await open(sha, { cache, prefetch: everyFile });
    fake.resetRequests();
    const again = await open(sha, { cache, prefetch: everyFile });
    await again.readBytes('docs/page-0000.md');
    expect(fake.counts().byRoute).toEqual({ [TREE]: 1 });
  });

  it('after a one-file change, only that blob is fetched', async () => {
    const first = fake.seedRepoFromFiles('acme', 'widgets', manyFiles(120));
    const cache = new BlobCache();
    await open(first, { cache, prefetch: everyFile });
    const second = fake.commit('acme', 'widgets', 'main', { 'docs/page-0007.md': '# changed\n' });
    fake.resetRequests();
    const snapshot = await open(second, { cache, prefetch: everyFile });
    expect(fake.counts().byRoute).toEqual({ [TREE]: 1, [GRAPHQL]: 1 });
    expect(fake.requests.find((r) => r.route === GRAPHQL)?.objectFields).toBe(1);
    expect(Buffer.from((await snapshot.readBytes('docs/page-0007.md'))!).toString()).toBe('# changed\n');
  });

  it('batches lazy reads made in the same tick', async () => {
    const sha = fake.seedRepoFromFiles('acme', 'widgets', manyFiles(150));
    const snapshot = await open(sha);
    fake.resetRequests();
    const all = await Promise.all(snapshot.entries().map((e) => snapshot.readBytes(e.path)));
    expect(all.every((bytes) => bytes && bytes.length > 0)).toBe(true);
    expect(fake.counts().byRoute).toEqual({ [GRAPHQL]: 2 });
  });

  it('reads the commit time with the first blob batch, at no extra request', async () => {
    const sha = fake.seedRepoFromFiles('acme', 'widgets', manyFiles(3));
    const snapshot = await open(sha, { prefetch: everyFile, commitTime: 'fetch' });
    expect(snapshot.commitTime?.toISOString()).toBe(new Date(fake.repo('acme', 'widgets').commits[sha]!.committer.date).toISOString());
    expect(fake.counts().byRoute).toEqual({ [TREE]: 1, [GRAPHQL]: 1 });
  });
});

describe('fallbacks', () => {
  it('reads truncated, binary and non-UTF-8 blobs through the REST blob API', async () => {
    const sha = await fake.seedRepoFromDirectory('acme', 'widgets', edgeDir);
    const snapshot = await open(sha, {
      prefetch: () => ['big/large.md', 'assets/logo.png', 'text/latin1.md', 'text/utf16.md', 'README.md'],
    });
    expect(fake.count(GRAPHQL)).toBe(1);
    // large.md is over the GraphQL text limit, logo.png is binary, latin1/utf16 do not round-trip as UTF-8 text.
    expect(fake.count(BLOB_REST)).toBe(4);
    expect((await snapshot.readBytes('big/large.md'))!.length).toBe(600 * 1024);
  });

  it('a cut recursive listing is completed: the same entries as a whole listing, in a few more calls', async () => {
    const sha = await fake.seedRepoFromDirectory('acme', 'widgets', OH_MY_COPILOT);
    const full = await open(sha);
    for (const limit of [1, 7, 30, Math.floor(full.entries().length / 2)]) {
      fake.setTreeEntryLimit('acme', 'widgets', limit);
      fake.resetRequests();
      const parts = await open(sha);
      expect([limit, parts.treeTruncated]).toEqual([limit, true]);
      expect(parts.entries()).toEqual(full.entries());
      expect(fake.count(TREE)).toBeGreaterThan(1);
    }
  });

  it('directories the cut left whole cost nothing: only the cut spine and what comes after it are listed again', async () => {
    const files: Record<string, string> = { 'top.md': 'top\n' };
    for (let i = 0; i < 40; i++) files[`pkgs/p${String(i).padStart(2, '0')}/src/a.md`] = `a ${i}\n`;
    const sha = fake.seedRepoFromFiles('acme', 'widgets', files);
    // Pre-order: pkgs/, then 4 entries per package; 100 entries end inside p24.
    fake.setTreeEntryLimit('acme', 'widgets', 100);
    fake.resetRequests();
    const snapshot = await open(sha);
    expect(snapshot.entries().map((e) => e.path)).toEqual(Object.keys(files).sort());
    // 1 cut listing + pkgs (one level) + the cut package and its src + one recursive listing per package after the cut.
    expect(fake.count(TREE)).toBeLessThan(25);
  });

  it('identical subtrees in the cut part are listed once', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`copies/c${String(i).padStart(2, '0')}/same.md`] = 'same\n';
    const sha = fake.seedRepoFromFiles('acme', 'widgets', files);
    fake.setTreeEntryLimit('acme', 'widgets', 2);
    fake.resetRequests();
    const snapshot = await open(sha);
    expect(snapshot.entries()).toHaveLength(30);
    expect(fake.count(TREE)).toBeLessThanOrEqual(4);
  });

  it('past the request budget the listing fails: no verdict comes from a partial tree', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`d${String(i).padStart(2, '0')}/x${i}.md`] = `x${i}\n`;
    const sha = fake.seedRepoFromFiles('acme', 'widgets', files);
    fake.setTreeEntryLimit('acme', 'widgets', 1);
    await expect(open(sha, { maxTreeRequests: 10 })).rejects.toThrow(/too large to list: .*more than 10 tree requests/);
    expect((await open(sha, { maxTreeRequests: 40 })).entries()).toHaveLength(30);
  });

  it('a directory GitHub cuts even without recursion fails the listing', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`flat/f${i}.md`] = `f${i}\n`;
    const sha = fake.seedRepoFromFiles('acme', 'widgets', files);
    fake.setTreeEntryLimit('acme', 'widgets', 10);
    fake.repo('acme', 'widgets').directoryEntryLimit = 10;
    await expect(open(sha)).rejects.toThrow(/cut the listing of the directory flat/);
  });
});

describe('failures', () => {
  it('rejects reads of a failed batch, records the failure, and succeeds on a later read', async () => {
    const sha = fake.seedRepoFromFiles('acme', 'widgets', { 'a.md': 'a\n', 'b.md': 'b\n' });
    const snapshot = await open(sha);
    fake.failNext({ route: '/graphql', status: 502 });
    const results = await Promise.allSettled([snapshot.readBytes('a.md'), snapshot.readBytes('b.md')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(snapshot.failures).toHaveLength(1);
    expect(Buffer.from((await snapshot.readBytes('a.md'))!).toString()).toBe('a\n');
  });

  it('fails open() when a prefetch cannot be read, so no verdict comes from a partial tree', async () => {
    const sha = fake.seedRepoFromFiles('acme', 'widgets', { 'a.md': 'a\n' });
    fake.failNext({ route: '/graphql', reset: true });
    await expect(open(sha, { prefetch: everyFile })).rejects.toThrow();
  });
});
