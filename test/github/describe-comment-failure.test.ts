import { Octokit } from '@octokit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCommentFailure } from '../../src/github/describe-comment-failure.js';
import { FakeGitHub, secondaryRateLimit, type FaultSpec } from '../support/fake-github/index.js';

/** Each failure as Octokit really raises it: a comment POST to the fake GitHub, with a fault armed. */
const ROUTE = '/repos/{owner}/{repo}/issues/{issue_number}/comments';
let fake: FakeGitHub;
let octokit: Octokit;

beforeAll(async () => {
  fake = await FakeGitHub.start();
  fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# w\n' });
  fake.addIssue('acme', 'widgets', { title: 'thread' });
  fake.addToken('ghs_read_only', { login: 'github-actions[bot]', type: 'Bot' }, { readOnly: true });
  octokit = new Octokit({ baseUrl: fake.url, auth: 'ghs_read_only' });
});
afterAll(() => fake.close());

async function failureOf(fault?: Omit<FaultSpec, 'route'>): Promise<unknown> {
  if (fault) fake.failNext({ ...fault, method: 'POST', route: ROUTE });
  try {
    await octokit.request(`POST ${ROUTE}`, { owner: 'acme', repo: 'widgets', issue_number: 1, body: 'x' });
  } catch (error) {
    return error;
  }
  throw new Error('the request did not fail');
}

describe('why a comment could not be written', () => {
  it('a read-only token: the permission of the thread it was for', async () => {
    const refused = await failureOf();
    expect(describeCommentFailure(refused, 'pull request')).toBe(
      'the token may not write to this pull request (403: Resource not accessible by integration); give the job `permissions: pull-requests: write`, or pass a github-token that may',
    );
    expect(describeCommentFailure(refused, 'issue')).toContain('`permissions: issues: write`');
  });

  it('a rate limit is a rate limit, not a missing permission', async () => {
    const limited = describeCommentFailure(await failureOf(secondaryRateLimit(1)), 'pull request');
    expect(limited).toMatch(/^GitHub's rate limit stopped it \(403: You have exceeded a secondary rate limit/);
    expect(limited).not.toContain('permissions');
  });

  it("a reset connection (Octokit's 500 without a response) is a network failure; a real 5xx is GitHub's answer", async () => {
    expect(describeCommentFailure(await failureOf({ reset: true }), 'pull request')).toMatch(
      /^GitHub could not be reached or did not answer \(.+\)$/,
    );
    expect(describeCommentFailure(await failureOf({ status: 502 }), 'pull request')).toBe('GitHub answered 502 (Bad Gateway)');
  });

  it('404 and 401 say what the token lacks', async () => {
    expect(describeCommentFailure(await failureOf({ status: 404 }), 'issue')).toContain(
      'the token cannot see this issue, which is how GitHub answers a token without access; give the job `permissions: issues: write`',
    );
    expect(describeCommentFailure(await failureOf({ status: 401, body: { message: 'Bad credentials' } }), 'issue')).toBe(
      'GitHub refused the token (401: Bad credentials); pass a valid github-token',
    );
  });

  it('anything else is quoted on one line, clipped', () => {
    const long = describeCommentFailure(new Error(`${'x'.repeat(500)}\nsecond line`), 'issue');
    expect(long).not.toContain('second line');
    expect(long.length).toBeLessThan(300);
  });
});
