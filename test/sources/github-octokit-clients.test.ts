import { getOctokit } from '@actions/github';
import { Octokit } from '@octokit/core';
import { ProbotOctokit } from 'probot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GitHubSnapshot } from '../../src/sources/github/github-snapshot.js';
import type { OctokitLike } from '../../src/github/octokit-like.js';
import { FakeGitHub } from '../support/fake-github/index.js';

let fake: FakeGitHub;
let head: string;

beforeEach(async () => {
  fake = await FakeGitHub.start();
  head = fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n', '.omx/plans/prd-x.md': '# PRD\n' });
});

afterEach(async () => {
  expect(fake.validationErrors).toEqual([]);
  await fake.close();
});

const read = async (octokit: OctokitLike) => {
  const snapshot = await GitHubSnapshot.open({
    octokit,
    owner: 'acme',
    repo: 'widgets',
    commitSha: head,
    prefetch: (entries) => entries.map((e) => e.path),
  });
  return Buffer.from((await snapshot.readBytes('.omx/plans/prd-x.md'))!).toString();
};

describe('the Octokit clients plangate runs with', () => {
  it('all fit OctokitLike without casts: @octokit/core, Probot, @actions/github', async () => {
    const clients: OctokitLike[] = [
      new Octokit({ baseUrl: fake.url, auth: 'a' }),
      new ProbotOctokit({ baseUrl: fake.url, auth: { token: 'b' }, retry: { enabled: false }, throttle: { enabled: false } }),
      getOctokit('c', { baseUrl: fake.url }),
    ];
    for (const client of clients) expect(await read(client)).toBe('# PRD\n');
  });

  it("survives a connection reset mid-batch with Probot's retry plugin", async () => {
    const octokit = new ProbotOctokit({
      baseUrl: fake.url,
      auth: { token: 'b' },
      retry: { retryAfterBaseValue: 1 },
      throttle: { enabled: false },
    });
    fake.failNext({ route: '/graphql', reset: true });
    fake.failNext({ route: '/graphql', status: 502 });
    expect(await read(octokit)).toBe('# PRD\n');
    expect(fake.pendingFaults).toBe(0);
    expect(fake.requests.filter((r) => r.route === 'POST /graphql').map((r) => r.status)).toEqual(['reset', 502, 200]);
  });
});
