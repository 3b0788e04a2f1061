import { Octokit } from '@octokit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upsertStickyComment } from '../../src/github/sticky-comment.js';
import type { OctokitLike } from '../../src/github/octokit-like.js';
import { FakeGitHub } from '../support/fake-github/index.js';

const MARKER = '<!-- plangate:gate -->';
let fake: FakeGitHub;
let octokit: OctokitLike;
let pr: number;

beforeEach(async () => {
  fake = await FakeGitHub.start({ latencyMs: 2 });
  fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# w\n' });
  fake.commit('acme', 'widgets', 'feature', { 'a.md': 'x' });
  pr = fake.addPull('acme', 'widgets', { head: 'feature' }).number;
  fake.addToken('t0ken', { login: 'plangate[bot]', type: 'Bot' });
  octokit = new Octokit({ auth: 't0ken', baseUrl: fake.url }) satisfies OctokitLike;
});
afterEach(async () => {
  expect(fake.validationErrors).toEqual([]);
  await fake.close();
});

const target = () => ({ owner: 'acme', repo: 'widgets', issueNumber: pr, marker: MARKER, authorLogin: 'plangate[bot]' });
const marked = () => fake.repo('acme', 'widgets').comments.filter((c) => c.body.includes(MARKER));

describe('sticky comment', () => {
  it('creates once, then edits in place, and skips the write when nothing changed', async () => {
    const first = await upsertStickyComment(octokit, target(), `${MARKER}\nBLOCKED`);
    expect(first.action).toBe('created');
    const second = await upsertStickyComment(octokit, target(), `${MARKER}\nUNLOCKED`);
    expect(second).toMatchObject({ action: 'updated', commentId: first.commentId });
    fake.resetRequests();
    const third = await upsertStickyComment(octokit, target(), `${MARKER}\nUNLOCKED`);
    expect(third.action).toBe('unchanged');
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    expect(marked().map((c) => c.body)).toEqual([`${MARKER}\nUNLOCKED`]);
  });

  it('ignores a look-alike comment by someone else', async () => {
    fake.addComment('acme', 'widgets', pr, `${MARKER}\nforged by a user`, 'mallory');
    await upsertStickyComment(octokit, target(), `${MARKER}\nreal`);
    const bodies = marked().map((c) => c.body);
    expect(bodies).toContain(`${MARKER}\nforged by a user`);
    expect(bodies).toContain(`${MARKER}\nreal`);
  });

  it('keeps the oldest and deletes duplicates a race left behind', async () => {
    await Promise.all([1, 2, 3].map((i) => upsertStickyComment(octokit, target(), `${MARKER}\nrun ${i}`)));
    expect(marked()).toHaveLength(1);
    await upsertStickyComment(octokit, target(), `${MARKER}\nfinal`);
    expect(marked().map((c) => c.body)).toEqual([`${MARKER}\nfinal`]);
  });
});
