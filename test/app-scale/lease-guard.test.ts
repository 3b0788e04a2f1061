import { Octokit } from '@octokit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobContext, LeaseLostError, type JobContext } from '../../src/app/queue/job-context.js';
import { leaseGuardPlugin } from '../../src/app/queue/lease-guard-plugin.js';
import { installRequestPolicy } from '../../src/app/runtime/request-policy.js';
import { FakeGitHub } from '../support/fake-github/index.js';

let fake: FakeGitHub;

beforeAll(async () => {
  fake = await FakeGitHub.start();
  fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n' });
  fake.addIssue('acme', 'widgets', { title: 'an issue' });
});
afterAll(() => fake.close());

const GuardedOctokit = Octokit.plugin(leaseGuardPlugin as never);

/** An Octokit made inside a job (as Probot makes each event's), whose lease holds until `lost` is set. */
function octokitInJob(state: { lost: boolean; checks: number }): Octokit {
  const job: JobContext = {
    jobId: 'gh-1',
    deliveryId: '1',
    targetKey: 'k',
    assertLease: async () => {
      state.checks++;
      if (state.lost) throw new LeaseLostError('gh-1');
    },
  };
  return jobContext.run(job, () => new GuardedOctokit({ baseUrl: fake.url, auth: 'token-x' }));
}

describe('writes are fenced by the job lease', () => {
  it('a worker that lost its job can still read but cannot write; the write never reaches GitHub', async () => {
    const state = { lost: false, checks: 0 };
    const octokit = octokitInJob(state);
    await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner: 'acme',
      repo: 'widgets',
      issue_number: 1,
      body: 'while the lease holds',
    });
    expect(state.checks).toBe(1);

    state.lost = true;
    fake.resetRequests();
    // Checked at the moment of sending, not when the Octokit was made or the call was queued.
    await expect(
      octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner: 'acme',
        repo: 'widgets',
        issue_number: 1,
        body: 'after the lease was lost',
      }),
    ).rejects.toMatchObject({ cause: expect.any(LeaseLostError) });
    await expect(
      octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', { owner: 'acme', repo: 'widgets', issue_number: 1 }),
    ).resolves.toMatchObject({ status: 200 });
    // GraphQL queries are reads.
    await octokit.request('POST /graphql', { query: '{ repository(owner: "acme", name: "widgets") { id } }' });
    expect(fake.requests.map((r) => r.route)).toEqual(['GET /repos/{owner}/{repo}/issues/{issue_number}', 'POST /graphql']);
    expect(fake.repo('acme', 'widgets').comments.map((c) => c.body)).toEqual(['while the lease holds']);
  });

  it("the App's retry policy does not retry a write refused for a lost lease (a PATCH would otherwise be replayed on a 5xx)", async () => {
    const state = { lost: true, checks: 0 };
    const octokit = octokitInJob(state);
    installRequestPolicy(octokit as never, { maxRetries: 2, waitScale: 0, maxWaitSeconds: 60 });
    await expect(
      octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
        owner: 'acme',
        repo: 'widgets',
        comment_id: 1,
        body: 'x',
      }),
    ).rejects.toMatchObject({ cause: expect.any(LeaseLostError) });
    expect(state.checks).toBe(1);
  });

  it('an Octokit made outside any job (the App-level one) is not fenced', async () => {
    const octokit = new GuardedOctokit({ baseUrl: fake.url, auth: 'token-x' });
    await expect(
      octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner: 'acme',
        repo: 'widgets',
        issue_number: 1,
        body: 'no job',
      }),
    ).resolves.toMatchObject({ status: 201 });
  });
});
