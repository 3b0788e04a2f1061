import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobIdOf } from '../../src/app/queue/delivery-job.js';
import { GATE_COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import { PRD_BODY } from '../support/evaluate-files.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { startRedis, type TestRedis } from '../support/redis/start-redis.js';
import { missingService } from '../support/system-services.js';
import { flushRedis } from './support/flush-redis.js';
import { sendDelivery, startScaleApp, waitFor, type ScaleApp } from './support/scale-app.js';

const PRD = '.omx/plans/prd-export.md';
/** Without redis-server these tests skip (the run says how to install it); in CI they fail. */
const withoutRedis = missingService('redis-server');
let redis: TestRedis;
let fake: FakeGitHub;
const apps: ScaleApp[] = [];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

beforeEach(async () => {
  fake = await FakeGitHub.start();
  fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n' });
});

afterEach(async () => {
  for (const app of apps.splice(0)) await app.stop();
  expect(fake.validationErrors).toEqual([]);
  await fake.close();
  await flushRedis(redis.url);
});

async function start(role: 'web' | 'worker' | 'all', extra: Partial<Parameters<typeof startScaleApp>[0]> = {}): Promise<ScaleApp> {
  const app = await startScaleApp({ fake, role, redisUrl: redis.url, ...extra });
  apps.push(app);
  return app;
}

function openPull(branch: string): { number: number; headSha: string } {
  const headSha = fake.commit('acme', 'widgets', branch, { [PRD]: PRD_BODY, 'src/export.ts': 'export const csv = true;\n' });
  return { number: fake.addPull('acme', 'widgets', { head: branch, body: `Plan: ${PRD}` }).number, headSha };
}

const repo = () => fake.repo('acme', 'widgets');
const runsFor = (sha: string) => repo().checkRuns.filter((r) => r.headSha === sha && r.name === 'plangate');
const gateComments = (n: number) => repo().comments.filter((c) => c.issueNumber === n && c.body.includes(GATE_COMMENT_MARKER));

describe.skipIf(withoutRedis)('acknowledge, then work', () => {
  it('a verified delivery is answered 202 while no worker runs; it waits in Redis and a worker started later evaluates it', async () => {
    const web = await start('web');
    const pr = openPull('feature');
    const sent = await sendDelivery(web.url, 'pull_request', pullRequestEvent(fake, 'acme', 'widgets', pr.number), 'd-1');
    expect(sent.status).toBe(202);
    expect(JSON.parse(sent.body)).toEqual({ ok: true, outcome: 'accepted' });
    expect(await web.producer!.queue.getJobState(jobIdOf('d-1'))).toBe('waiting');
    // Nothing reached GitHub: the answer did not wait for any work.
    expect(fake.requests).toEqual([]);

    await start('worker');
    await waitFor(async () => (await web.producer!.queue.getJobState(jobIdOf('d-1'))) === 'completed', 'the job to complete');
    expect(runsFor(pr.headSha)).toMatchObject([{ status: 'completed' }]);
    expect(gateComments(pr.number)).toHaveLength(1);
  });

  it('an event no handler takes (pull_request.closed) is answered 200 ignored and queues nothing', async () => {
    const web = await start('web');
    const pr = openPull('feature');
    const event = { ...pullRequestEvent(fake, 'acme', 'widgets', pr.number), action: 'closed' };
    const sent = await sendDelivery(web.url, 'pull_request', event, 'd-closed');
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.body).outcome).toBe('ignored');
    expect(await web.producer!.queue.getJob(jobIdOf('d-closed'))).toBeUndefined();
  });

  it('without REDIS_URL the App runs single-process: the answer comes first and the evaluation follows in the same process', async () => {
    const app = await startScaleApp({ fake, role: 'all' });
    apps.push(app);
    const pr = openPull('feature');
    const sent = await sendDelivery(app.url, 'pull_request', pullRequestEvent(fake, 'acme', 'widgets', pr.number), 'single-1');
    expect(sent.status).toBe(202);
    await waitFor(
      () => runsFor(pr.headSha)[0]?.status === 'completed' && gateComments(pr.number).length === 1,
      'the check run and the gate comment',
    );
    expect(app.producer).toBeUndefined();
  });
});
