import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_QUEUE, jobIdOf } from '../../src/app/queue/delivery-job.js';
import { parseRunComment } from '../../src/core/ralph/run-comment/parse-run-comment.js';
import { RUN_COMMENT_MARKER } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { issueLabeledEvent } from '../support/app-payloads.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { OWNER, PEOPLE, REPO, seedRalphRepo } from '../support/ralph-repo.js';
import { startRedis, type TestRedis } from '../support/redis/start-redis.js';
import { missingService } from '../support/system-services.js';
import { sendDelivery, startScaleApp, waitFor, type ScaleApp } from './support/scale-app.js';

/** Without redis-server these tests skip (the run says how to install it); in CI they fail. */
const withoutRedis = missingService('redis-server');
let redis: TestRedis;
let fake: FakeGitHub;
const apps: ScaleApp[] = [];

beforeAll(async () => {
  redis = await startRedis();
  fake = await FakeGitHub.start({ latencyMs: 30 });
});
afterAll(async () => {
  for (const app of apps) await app.stop();
  await fake?.close();
  await redis?.stop();
});

describe.skipIf(withoutRedis)('a labelling whose worker loses the job between the claim and the dispatch', () => {
  it('the retried job finishes its own claim: one dispatch, one run comment with the run recorded', async () => {
    seedRalphRepo(fake);
    const issue = fake.addIssue(OWNER, REPO, { title: 'Ship the export', body: 'Build the CSV export.', user: PEOPLE.writer }).number;
    fake.label(OWNER, REPO, issue, 'ralph', PEOPLE.writer);
    const web = await startScaleApp({ fake, role: 'web', redisUrl: redis.url });
    const worker = await startScaleApp({ fake, role: 'worker', redisUrl: redis.url, jobLockMs: 1000 });
    apps.push(web, worker);
    const runComments = () => fake.repo(OWNER, REPO).comments.filter((c) => c.issueNumber === issue && c.body.includes(RUN_COMMENT_MARKER));

    await sendDelivery(web.url, 'issues', issueLabeledEvent(fake, OWNER, REPO, issue, 'ralph', PEOPLE.writer), 'claim-1');
    // The claim is on GitHub; the dispatch is not yet. Now the worker's lock goes, as when a worker
    // stalls past its lock or dies: its next write is refused and BullMQ hands the job on.
    await waitFor(() => runComments().length === 1, 'the claim comment', 20_000);
    const client = new Redis(redis.url);
    await client.del(`bull:${DELIVERY_QUEUE}:${jobIdOf('claim-1')}:lock`);
    await client.quit();

    await waitFor(
      () => worker.logs.some((l) => l.deliveryId === 'claim-1' && l.msg === 'plangate: dispatched'),
      'the retried job to dispatch',
      20_000,
    );
    // The first attempt's dispatch and its "dispatch failed" note were both refused: it no longer owned the job.
    expect(
      worker.logs.filter((l) => l.deliveryId === 'claim-1' && l.msg === 'plangate: the ralph workflow could not be dispatched'),
    ).toHaveLength(1);
    expect(
      worker.logs.some((l) => l.deliveryId === 'claim-1' && typeof l.msg === 'string' && l.msg.startsWith('plangate: resuming this job')),
    ).toBe(true);
    expect(fake.repo(OWNER, REPO).dispatches).toHaveLength(1);
    expect(runComments()).toHaveLength(1);
    const parsed = parseRunComment(runComments()[0]!.body);
    expect(parsed).toMatchObject({ kind: 'run', data: { status: 'running', claim: jobIdOf('claim-1'), runId: expect.any(Number) } });
    expect(fake.validationErrors).toEqual([]);
  });
});
