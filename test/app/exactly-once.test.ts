import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GATE_COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { checkRunRerequestedEvent, pullRequestEvent } from '../support/app-payloads.js';
import { PRD_BODY } from '../support/evaluate-files.js';

const PRD = '.omx/plans/prd-export.md';
let h: AppHarness;
let pr: number;
let headSha: string;

beforeEach(async () => {
  h = await startAppHarness({ fakeOptions: { latencyMs: 2 } });
  h.fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n' });
  headSha = h.fake.commit('acme', 'widgets', 'feature', { [PRD]: PRD_BODY, 'src/export.ts': 'export {};\n' });
  pr = h.fake.addPull('acme', 'widgets', { head: 'feature', body: `Plan: ${PRD}` }).number;
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

const repo = () => h.fake.repo('acme', 'widgets');
const gateComments = () => repo().comments.filter((c) => c.body.includes(GATE_COMMENT_MARKER));
const runsFor = (sha: string) => repo().checkRuns.filter((r) => r.headSha === sha && r.name === 'plangate');

function expectOneOfEach(): void {
  expect(runsFor(headSha)).toHaveLength(1);
  expect(runsFor(headSha)[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
  expect(gateComments()).toHaveLength(1);
}

describe('exactly once under redelivery and concurrency', () => {
  it('the same delivery twice: one check run, one comment, and the annotations are not doubled', async () => {
    const event = pullRequestEvent(h.fake, 'acme', 'widgets', pr);
    await h.deliver('pull_request', event, 'same-delivery');
    const annotations = runsFor(headSha)[0]!.annotations.length;
    h.fake.resetRequests();
    await h.deliver('pull_request', event, 'same-delivery');
    expectOneOfEach();
    expect(runsFor(headSha)[0]!.annotations).toHaveLength(annotations);
    // The comment is unchanged, so it is not written again.
    expect(h.fake.requests.filter((r) => r.route?.includes('/issues/') && r.method !== 'GET')).toEqual([]);
  });

  it('two deliveries for one PR at the same time: one check run, one comment', async () => {
    const opened = pullRequestEvent(h.fake, 'acme', 'widgets', pr);
    const reopened = pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'reopened' });
    await Promise.all([
      h.deliver('pull_request', opened, 'a'),
      h.deliver('pull_request', reopened, 'b'),
      h.deliver('pull_request', opened, 'a'),
    ]);
    expectOneOfEach();
    expect(h.evaluations.map((e) => e.result.kind)).toEqual(['evaluated', 'evaluated', 'evaluated']);
  });

  it('every event kind replayed twice and concurrently converges on one check run and one comment', async () => {
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
    const runId = runsFor(headSha)[0]!.id;
    const events: [string, object][] = [
      ['pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'synchronize' })],
      ['pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'ready_for_review' })],
      ['check_run', checkRunRerequestedEvent(h.fake, 'acme', 'widgets', runId, [pr])],
    ];
    await Promise.all([...events, ...events].map(([name, payload], i) => h.deliver(name, payload, `replay-${i % events.length}`)));
    expectOneOfEach();
    expect(runsFor(headSha)[0]!.id).toBe(runId);
  });

  it('two App replicas racing on one PR leave one gate comment (the oldest) and a completed check run', async () => {
    const other = await startAppHarness({ fake: h.fake });
    const event = pullRequestEvent(h.fake, 'acme', 'widgets', pr);
    await Promise.all([h.deliver('pull_request', event, 'r1'), other.deliver('pull_request', event, 'r1')]);
    expect(gateComments()).toHaveLength(1);
    // Replicas share no memory: each may have created a run; GitHub shows the latest, and none is left in progress.
    expect(runsFor(headSha).length).toBeGreaterThanOrEqual(1);
    expect(runsFor(headSha).every((r) => r.status === 'completed' && r.conclusion === 'failure')).toBe(true);
  });
});
