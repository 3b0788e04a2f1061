import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RUN_COMMENT_MARKER } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { issueLabeledEvent, workflowRunCompletedEvent } from '../support/app-payloads.js';
import { secondaryRateLimit } from '../support/fake-github/index.js';
import { OWNER, PEOPLE, REPO, seedRalphRepo } from '../support/ralph-repo.js';

let h: AppHarness;
let issue: number;

beforeEach(async () => {
  h = await startAppHarness();
  seedRalphRepo(h.fake);
  issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it' }).number;
  h.fake.label(OWNER, REPO, issue, 'ralph', PEOPLE.writer);
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  expect(h.fake.pendingFaults).toBe(0);
  await h.close();
});

const repo = () => h.fake.repo(OWNER, REPO);
const runComments = () => repo().comments.filter((c) => c.body.includes(RUN_COMMENT_MARKER));
const deliverLabel = () => h.deliver('issues', issueLabeledEvent(h.fake, OWNER, REPO, issue, 'ralph', PEOPLE.writer), 'fault-1');

describe('label-driven runs when GitHub fails', () => {
  it('a secondary rate limit on the dispatch is waited out (retry-after) and the dispatch sent again: one run', async () => {
    h.fake.failNext({
      method: 'POST',
      route: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
      ...secondaryRateLimit(1),
    });
    await deliverLabel();
    expect(repo().dispatches).toHaveLength(1);
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'dispatched' });
    expect(h.logs.find((l) => l.outcome === 'dispatched')).toMatchObject({
      retries: 1,
      issue,
      deliveryId: 'fault-1',
      event: 'issues.labeled',
    });
  });

  it('a 502 on the dispatch (a POST, not replayed) is recorded in the run comment; nothing runs twice', async () => {
    h.fake.failNext({ method: 'POST', route: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', status: 502 });
    await deliverLabel();
    expect(repo().dispatches).toEqual([]);
    expect(runComments()[0]!.body).toContain('the workflow could not be started');
    expect(runComments()[0]!.body).toContain('answered 502');
  });

  it('reads that keep failing end the task as `failed` in the log, write nothing half-done and crash nothing; the redelivery then works', async () => {
    h.fake.failNext({ method: 'GET', route: '/repos/{owner}/{repo}/git/trees/{tree_sha}', status: 500, times: 3 });
    await deliverLabel();
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'failed', failure: expect.stringContaining('answered 500 after 3 attempts') });
    expect(repo().comments).toEqual([]);
    expect(repo().issues[issue]!.labels).toEqual(['ralph']);
    await deliverLabel();
    expect(repo().dispatches).toHaveLength(1);
  });

  it('the artifact download failing is not mistaken for a run without a result (the record stays open for a redelivery); an unusable result file is named and the conclusion decides', async () => {
    await deliverLabel();
    const runId = repo().dispatches[0]!.runId;
    h.fake.completeRun(OWNER, REPO, runId, {
      conclusion: 'success',
      artifacts: [{ name: 'plangate-ralph-result', files: { 'plangate-ralph-result.json': '{}' } }],
    });
    h.fake.failNext({ method: 'GET', route: '/repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', status: 503, times: 3 });
    const event = workflowRunCompletedEvent(h.fake, OWNER, REPO, runId);
    await h.deliver('workflow_run', event, 'done');
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'failed' });
    expect(runComments()[0]!.body).toContain('🔁 running');
    await h.deliver('workflow_run', event, 'done');
    // The result file `{}` is not the runner's shape: the conclusion decides, and says why.
    expect(runComments()[0]!.body).toContain('✅ completed');
    expect(runComments()[0]!.body).toContain('its result was not used: plangate-ralph-result.json does not match');
    expect(repo().issues[issue]!.labels).toEqual(['ralph:done']);
  });
});
