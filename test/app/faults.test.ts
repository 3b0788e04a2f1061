import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import { secondaryRateLimit, type FaultSpec } from '../support/fake-github/index.js';
import { PRD_BODY, SPEC_BODY } from '../support/evaluate-files.js';

const TREE = '/repos/{owner}/{repo}/git/trees/{tree_sha}';
let h: AppHarness;
let pr: number;
let headSha: string;

beforeEach(async () => {
  h = await startAppHarness();
  h.fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n' });
  // A code change: the plan gate applies (a docs-only change needs no plan).
  headSha = h.fake.commit('acme', 'widgets', 'feature', {
    '.omx/plans/prd-export.md': PRD_BODY,
    '.omx/plans/test-spec-export.md': SPEC_BODY,
    'src/export.ts': 'export {};\n',
  });
  pr = h.fake.addPull('acme', 'widgets', { head: 'feature' }).number;
});

afterEach(async () => {
  expect(h.fake.pendingFaults).toBe(0);
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

const runs = () => h.fake.repo('acme', 'widgets').checkRuns.filter((r) => r.headSha === headSha);
const deliver = (id: string) => h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr), id);
const treeAttempts = () => h.fake.requests.filter((r) => r.route === `GET ${TREE}` && r.path.includes(headSha)).length;

/** The fault on every attempt the policy makes (first try + 2 retries) for both tree calls (head and base). */
const onEveryTreeAttempt = (fault: FaultSpec): FaultSpec => ({ ...fault, method: 'GET', route: TREE, times: 6 });

/** Fail closed: a required check that could not evaluate must not pass (GitHub counts neutral as passing). */
async function expectFailureNaming(pattern: RegExp): Promise<void> {
  expect(runs()).toHaveLength(1);
  const run = runs()[0]!;
  expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' });
  expect(run.output.title).toMatch(/could not evaluate/i);
  expect(run.output.summary).toMatch(pattern);
  expect(h.evaluations.at(-1)!.result).toMatchObject({ kind: 'failed' });
}

/** The process keeps serving: the next delivery evaluates normally and completes the same run. */
async function expectNextDeliverySucceeds(): Promise<void> {
  await deliver('after-the-fault');
  expect(runs()).toHaveLength(1);
  expect(runs()[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
  expect(h.evaluations.at(-1)!.result).toMatchObject({ kind: 'evaluated' });
}

describe('faults: bounded retries, then a failure check run naming the failure', () => {
  it('502 on the tree call: three attempts, then failure; the next delivery succeeds', async () => {
    h.fake.failNext(onEveryTreeAttempt({ status: 502 }));
    await deliver('tree-502');
    expect(treeAttempts()).toBe(3);
    await expectFailureNaming(/GET \/repos\/acme\/widgets\/git\/trees\/\w+\?recursive=1 answered 502 after 3 attempts/);
    await expectNextDeliverySucceeds();
  });

  it('403 secondary rate limit with retry-after: retried after the wait, then failure when it persists', async () => {
    h.fake.failNext(onEveryTreeAttempt(secondaryRateLimit(30)));
    const started = performance.now();
    await deliver('secondary-limit');
    // retry-after 30 s, scaled by the harness's 0.001: the policy honoured it (≥ 2 × 30 ms) without really sleeping.
    expect(performance.now() - started).toBeGreaterThanOrEqual(60);
    expect(treeAttempts()).toBe(3);
    await expectFailureNaming(/answered 403 after 3 attempts: You have exceeded a secondary rate limit/);
    await expectNextDeliverySucceeds();
  });

  it('a secondary rate limit that clears on the retry costs one retry and no failed run', async () => {
    h.fake.failNext({ ...secondaryRateLimit(1), method: 'GET', route: '/repos/{owner}/{repo}/contents/{path}' });
    await deliver('limit-once');
    expect(runs()[0]).toMatchObject({ conclusion: 'success' });
    expect(h.logs.find((l) => l.deliveryId === 'limit-once' && l.outcome === 'evaluated')).toMatchObject({ retries: 1 });
  });

  it('a retry-after longer than the policy waits for is not waited out: failure at once', async () => {
    h.fake.failNext({ ...secondaryRateLimit(3600), method: 'GET', route: TREE, times: 2 });
    await deliver('long-limit');
    expect(treeAttempts()).toBe(1);
    await expectFailureNaming(/answered 403:/);
  });

  it('404 (the head branch was deleted): no retry, failure naming it', async () => {
    h.fake.failNext({ method: 'GET', route: TREE, status: 404, times: 2 });
    await deliver('gone');
    expect(treeAttempts()).toBe(1);
    await expectFailureNaming(/answered 404: Not Found/);
    await expectNextDeliverySucceeds();
  });

  it('a network reset in the middle of the blob batch is retried', async () => {
    h.fake.failNext({ method: 'POST', route: '/graphql', reset: true });
    await deliver('reset');
    expect(runs()[0]).toMatchObject({ conclusion: 'success' });
  });

  it('500 on every GraphQL blob batch: failure naming the GraphQL call, never in_progress', async () => {
    h.fake.failNext({ method: 'POST', route: '/graphql', status: 500, times: 3 });
    await deliver('graphql-500');
    await expectFailureNaming(/POST \/graphql answered 500 after 3 attempts/);
  });

  it('when GitHub refuses even the failure write, the delivery fails (GitHub may redeliver) and the next one repairs the run', async () => {
    h.fake.failNext({ method: 'PATCH', route: '/repos/{owner}/{repo}/check-runs/{check_run_id}', status: 502, times: 9 });
    await expect(deliver('all-writes-fail')).rejects.toThrow(/Bad Gateway/);
    expect(runs()).toMatchObject([{ status: 'in_progress' }]);
    await expectNextDeliverySucceeds();
  });

  it('a check-run write that fails still leaves no run in progress', async () => {
    h.fake.failNext({ method: 'PATCH', route: '/repos/{owner}/{repo}/check-runs/{check_run_id}', status: 502, times: 3 });
    await deliver('patch-502');
    expect(runs()).toHaveLength(1);
    expect(runs()[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(runs()[0]!.output.summary).toMatch(/PATCH \/repos\/acme\/widgets\/check-runs\/\d+ answered 502 after 3 attempts/);
  });
});
