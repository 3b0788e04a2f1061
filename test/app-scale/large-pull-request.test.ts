import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobIdOf } from '../../src/app/queue/delivery-job.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import { PRD_BODY } from '../support/evaluate-files.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { startRedis, type TestRedis } from '../support/redis/start-redis.js';
import { missingService } from '../support/system-services.js';
import { sendDelivery, startScaleApp, waitFor, type ScaleApp } from './support/scale-app.js';

const PRD = '.omx/plans/prd-export.md';
const READ_ROUTES = [
  'GET /repos/{owner}/{repo}/contents/{path}',
  'GET /repos/{owner}/{repo}/git/trees/{tree_sha}',
  'POST /graphql',
  'GET /repos/{owner}/{repo}/git/blobs/{file_sha}',
];
const WRITE_ROUTES = [
  'POST /repos/{owner}/{repo}/check-runs',
  'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
];
/** Without redis-server these tests skip (the run says how to install it); in CI they fail. */
const withoutRedis = missingService('redis-server');
let redis: TestRedis;
let fake: FakeGitHub;
const apps: ScaleApp[] = [];

beforeAll(async () => {
  redis = await startRedis();
  fake = await FakeGitHub.start();
});
afterAll(async () => {
  for (const app of apps) await app.stop();
  await fake?.close();
  await redis?.stop();
});

/**
 * A PR that adds 2,000 files: 250 skills the checks read (3 GraphQL batches) and 1,750 source
 * files they do not. (The bench runs the same size with every file read and GitHub's pacing on.)
 */
function largeChange(): Record<string, string> {
  const files: Record<string, string> = { [PRD]: PRD_BODY };
  for (let i = 0; i < 250; i++) {
    const name = `skill-${String(i).padStart(4, '0')}`;
    files[`.github/skills/${name}/SKILL.md`] =
      `---\nname: ${name}\ndescription: Formats report ${i} for the export.\n---\n\nUse it to format report ${i}.\n`;
  }
  for (let i = 0; i < 1750; i++) files[`src/reports/report-${i}.ts`] = `export const report${i} = ${i};\n`;
  return files;
}

describe.skipIf(withoutRedis)('a 2,000-file pull request through the queue', () => {
  it('is acknowledged before any of its work, evaluated by a worker, and reads within the API budget (≤ 3 + ⌈blobs/100⌉ reads besides the writes)', async () => {
    fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n' });
    const headSha = fake.commit('acme', 'widgets', 'feature', largeChange());
    const pr = fake.addPull('acme', 'widgets', { head: 'feature', body: `Plan: ${PRD}` }).number;
    const web = await startScaleApp({ fake, role: 'web', redisUrl: redis.url });
    const worker = await startScaleApp({ fake, role: 'worker', redisUrl: redis.url });
    apps.push(web, worker);

    const sent = await sendDelivery(web.url, 'pull_request', pullRequestEvent(fake, 'acme', 'widgets', pr), 'large-1');
    expect(sent.status).toBe(202);
    await waitFor(async () => (await web.producer!.queue.getJobState(jobIdOf('large-1'))) === 'completed', 'the large evaluation', 60_000);

    const accepted = web.logs.find((l) => l.deliveryId === 'large-1' && l.outcome === 'accepted')!;
    const job = worker.logs.find((l) => l.deliveryId === 'large-1' && l.msg === 'plangate: job completed')!;
    // The answer went out before the worker started: the webhook never waited for the evaluation.
    expect(accepted.time as number).toBeLessThanOrEqual(job.startedAt as number);
    expect(worker.logs.find((l) => l.deliveryId === 'large-1' && l.msg === 'plangate: evaluated')).toBeDefined();

    const run = fake.repo('acme', 'widgets').checkRuns.filter((r) => r.headSha === headSha);
    expect(run).toMatchObject([{ status: 'completed' }]);
    // The check run is created in_progress before the blobs are read: the budget counts every read.
    const all = fake.requests;
    const reads = all.filter((r) => READ_ROUTES.includes(r.route ?? ''));
    const blobs = all.filter((r) => r.route === 'POST /graphql').reduce((n, r) => n + (r.objectFields ?? 0), 0);
    expect(blobs).toBeGreaterThanOrEqual(250);
    expect(reads.length).toBeLessThanOrEqual(3 + Math.ceil(blobs / 100));
    expect(all.filter((r) => WRITE_ROUTES.includes(r.route ?? ''))).toHaveLength(3);
    expect(fake.validationErrors).toEqual([]);
  });
});
