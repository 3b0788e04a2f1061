import { Octokit } from '@octokit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchTreeEntries } from '../../src/sources/github/fetch-tree-entries.js';
import { listChangedFiles } from '../../src/sources/github/list-changed-files.js';
import { diffTrees, listChangedPaths } from '../../src/sources/github/list-changed-paths.js';
import { FakeGitHub } from '../support/fake-github/index.js';

let fake: FakeGitHub;
let octokit: Octokit;

beforeEach(async () => {
  fake = await FakeGitHub.start();
  octokit = new Octokit({ baseUrl: fake.url, auth: 'test-token' });
  fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': 'one\ntwo\n', 'old-name.md': 'moved\n', 'gone.md': 'bye\n' });
});

afterEach(async () => {
  expect(fake.validationErrors).toEqual([]);
  await fake.close();
});

describe('listChangedFiles', () => {
  it('pages through every PR file and lists renames under both names', async () => {
    const changes: Record<string, string | null> = {
      'README.md': 'one\n2\n',
      'old-name.md': null,
      'new-name.md': 'moved\n',
      'gone.md': null,
    };
    for (let i = 0; i < 230; i++) changes[`docs/n${String(i).padStart(3, '0')}.md`] = `${i}\n`;
    fake.commit('acme', 'widgets', 'feature', changes);
    const pr = fake.addPull('acme', 'widgets', { head: 'feature' });
    const result = await listChangedFiles({ octokit, owner: 'acme', repo: 'widgets', pullNumber: pr.number });
    expect(fake.count('GET /repos/{owner}/{repo}/pulls/{pull_number}/files')).toBe(3);
    expect(result.complete).toBe(true);
    expect(result.files).toHaveLength(233);
    expect(result.paths).toEqual(expect.arrayContaining(['README.md', 'gone.md', 'new-name.md', 'old-name.md']));
    expect(result.paths).toHaveLength(234);
    expect(result.files.find((f) => f.filename === 'new-name.md')).toMatchObject({ status: 'renamed', previousFilename: 'old-name.md' });
    expect(result.files.find((f) => f.filename === 'README.md')).toMatchObject({
      status: 'modified',
      patch: '@@ -1,2 +1,2 @@\n one\n-two\n+2',
    });
  });

  it('compares base...head in one call', async () => {
    fake.commit('acme', 'widgets', 'feature', { 'README.md': 'one\ntwo\nthree\n' });
    const result = await listChangedFiles({ octokit, owner: 'acme', repo: 'widgets', base: 'main', head: 'feature' });
    expect(fake.counts().total).toBe(1);
    expect(result).toEqual({
      files: [{ filename: 'README.md', status: 'modified', additions: 1, deletions: 0, patch: '@@ -1,2 +1,3 @@\n one\n two\n+three' }],
      paths: ['README.md'],
      complete: true,
      mergeBase: fake.repo('acme', 'widgets').refs['refs/heads/main'],
    });
  });
});

describe('listChangedPaths (paths only, for plans.require: when-changed)', () => {
  /** A PR branched from main, with main moved on after it (so the merge base is not main's tip). */
  async function pullRequest(changedDocs: number) {
    const changes: Record<string, string | null> = {
      'README.md': 'one\n2\n',
      'old-name.md': null,
      'new-name.md': 'moved\n',
      'gone.md': null,
    };
    for (let i = 0; i < changedDocs; i++) changes[`docs/n${String(i).padStart(3, '0')}.md`] = `${i}\n`;
    const head = fake.commit('acme', 'widgets', 'feature', changes);
    const base = fake.commit('acme', 'widgets', 'main', { 'on-main-since.md': 'not in the PR\n' });
    const pr = fake.addPull('acme', 'widgets', { head: 'feature' });
    const oracle = await listChangedFiles({ octokit, owner: 'acme', repo: 'widgets', pullNumber: pr.number });
    const headEntries = (await fetchTreeEntries({ octokit, owner: 'acme', repo: 'widgets', commitSha: head })).entries;
    const baseEntries = (await fetchTreeEntries({ octokit, owner: 'acme', repo: 'widgets', commitSha: base })).entries;
    fake.resetRequests();
    return { head, base, oracle, headEntries, baseEntries };
  }

  it('under the compare cap: one compare call, the same paths as the PR files listing', async () => {
    const { head, base, oracle, headEntries, baseEntries } = await pullRequest(230);
    const known = { commitSha: base, entries: baseEntries };
    const paths = await listChangedPaths({ octokit, owner: 'acme', repo: 'widgets', base, head, headEntries, known });
    expect(paths).toEqual(oracle.paths);
    expect(paths).not.toContain('on-main-since.md');
    expect(fake.counts().total).toBe(1);
  });

  it("over the compare cap: the merge base's tree against the head's, still the PR files listing's paths", async () => {
    const { head, base, oracle, headEntries, baseEntries } = await pullRequest(450);
    expect(oracle.complete).toBe(true);
    const paths = await listChangedPaths({
      octokit,
      owner: 'acme',
      repo: 'widgets',
      base,
      head,
      headEntries,
      known: { commitSha: base, entries: baseEntries },
    });
    expect(paths).toEqual(oracle.paths);
    expect(paths).toHaveLength(454);
    // main moved on, so its tree is not the merge base's: one compare + one tree listing.
    expect(fake.counts().byRoute).toEqual({
      'GET /repos/{owner}/{repo}/compare/{base}...{head}': 1,
      'GET /repos/{owner}/{repo}/git/trees/{tree_sha}': 1,
    });
  });

  it('diffs trees by blob and mode: an executable bit or a symlink counts, an untouched file does not', () => {
    const file = (path: string, sha: string, mode: 'file' | 'executable' | 'symlink' = 'file') => ({ path, sha, size: 1, mode });
    expect(
      diffTrees(
        [file('a', '1'), file('b', '2'), file('c', '3'), file('d', '4')],
        [file('a', '1'), file('b', '2', 'executable'), file('c', '3', 'symlink'), file('e', '5')],
      ),
    ).toEqual(['b', 'c', 'd', 'e']);
  });
});
