import { Octokit } from '@octokit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listChangedFiles } from '../../src/sources/github/list-changed-files.js';
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
    });
  });
});
