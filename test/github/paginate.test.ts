import { Octokit } from '@octokit/core';
import { getOctokit } from '@actions/github';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginate, type OctokitRequester } from '../../src/github/octokit-like.js';
import { FakeGitHub } from '../support/fake-github/index.js';

const ROUTE = 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments';
let fake: FakeGitHub;
let issue: number;

beforeAll(async () => {
  fake = await FakeGitHub.start();
  fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# w\n' });
  issue = fake.addIssue('acme', 'widgets').number;
  for (let i = 0; i < 250; i++) fake.addComment('acme', 'widgets', issue, `comment ${i}`);
  fake.addToken('t0ken', { login: 'octocat', type: 'User' });
});
afterAll(async () => {
  expect(fake.validationErrors).toEqual([]);
  await fake.close();
});

const clients: [string, () => OctokitRequester][] = [
  // No paginate of its own: the helper composes @octokit/plugin-paginate-rest onto it.
  ['a bare @octokit/core', () => new Octokit({ auth: 't0ken', baseUrl: fake.url })],
  // Its own octokit.paginate (the Action's client; Probot's is the same plugin).
  ['@actions/github', () => getOctokit('t0ken', { baseUrl: fake.url }) as unknown as OctokitRequester],
];

describe('paginate: Octokit’s paginate, bounded', () => {
  it.each(clients)('follows the Link headers 100 a page through every item (%s)', async (_name, client) => {
    fake.resetRequests();
    const comments = await paginate<{ body: string }>(client(), ROUTE, { owner: 'acme', repo: 'widgets', issue_number: issue });
    expect(comments.map((c) => c.body)).toEqual(Array.from({ length: 250 }, (_, i) => `comment ${i}`));
    expect(fake.count(ROUTE)).toBe(3);
  });

  it.each(clients)('stops after maxPages pages however long the list is (%s)', async (_name, client) => {
    fake.resetRequests();
    const comments = await paginate<{ body: string }>(client(), ROUTE, { owner: 'acme', repo: 'widgets', issue_number: issue }, 2);
    expect(comments).toHaveLength(200);
    expect(fake.count(ROUTE)).toBe(2);
  });
});
