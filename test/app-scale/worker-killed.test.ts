import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATE_COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { jobIdOf } from '../../src/app/queue/delivery-job.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import { testPrivateKey, WEBHOOK_SECRET } from '../support/app-harness.js';
import { PRD_BODY } from '../support/evaluate-files.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { REPO_ROOT } from '../support/paths.js';
import { startRedis, type TestRedis } from '../support/redis/start-redis.js';
import { missingService } from '../support/system-services.js';
import { sendDelivery, startScaleApp, waitFor, type ScaleApp } from './support/scale-app.js';

const PRD = '.omx/plans/prd-export.md';
/** Without redis-server these tests skip (the run says how to install it); in CI they fail. */
const withoutRedis = missingService('redis-server');
let redis: TestRedis;
let fake: FakeGitHub;
const apps: ScaleApp[] = [];
let child: ChildProcess | undefined;

beforeAll(async () => {
  redis = await startRedis();
  // Slow enough answers that the job is still running when the worker is killed.
  fake = await FakeGitHub.start({ latencyMs: 40 });
});

afterAll(async () => {
  child?.kill('SIGKILL');
  for (const app of apps) await app.stop();
  await fake?.close();
  await redis?.stop();
});

/**
 * `plangate-app worker` as its own process, started the way the Docker image starts it (the compiled
 * App that `npm ci` builds), configured by the environment like production. Compiling the source with
 * tsx at start took over 30 s on a loaded CI machine.
 */
async function spawnWorker(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['bin/plangate-app.js', 'worker'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      APP_ID: String(fake.state.app.id),
      PRIVATE_KEY: testPrivateKey(),
      WEBHOOK_SECRET,
      REDIS_URL: redis.url,
      GITHUB_API_URL: fake.url,
      PORT: '0',
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
      JOB_LOCK_MS: '1000',
      WORKER_CONCURRENCY: '2',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  await waitFor(
    () => out.includes('plangate App listening') || (proc.exitCode !== null && Promise.reject(new Error(out))),
    'the worker process to start',
    60_000,
  );
  return proc;
}

describe.skipIf(withoutRedis)('a worker killed mid-job', () => {
  it('SIGKILL while evaluating: another worker takes the stalled job, and the PR ends with one completed check run and one gate comment', async () => {
    fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n' });
    const headSha = fake.commit('acme', 'widgets', 'feature', { [PRD]: PRD_BODY, 'src/export.ts': 'export const csv = true;\n' });
    const pr = fake.addPull('acme', 'widgets', { head: 'feature', body: `Plan: ${PRD}` }).number;
    const web = await startScaleApp({ fake, role: 'web', redisUrl: redis.url });
    apps.push(web);
    child = await spawnWorker();

    expect((await sendDelivery(web.url, 'pull_request', pullRequestEvent(fake, 'acme', 'widgets', pr), 'killed-1')).status).toBe(202);
    // The worker has created the in_progress check run and is still reading and writing.
    await waitFor(() => fake.requests.some((r) => r.route === 'POST /repos/{owner}/{repo}/check-runs'), 'the check run to be created');
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));
    const stalled = fake.repo('acme', 'widgets').checkRuns.filter((r) => r.headSha === headSha);
    expect(stalled).toMatchObject([{ status: 'in_progress' }]);
    expect(await web.producer!.queue.getJobState(jobIdOf('killed-1'))).toBe('active');

    const survivor = await startScaleApp({ fake, role: 'worker', redisUrl: redis.url, jobLockMs: 1000, workerName: 'survivor' });
    apps.push(survivor);
    await waitFor(
      async () => (await web.producer!.queue.getJobState(jobIdOf('killed-1'))) === 'completed',
      'the stalled job to be retried and completed',
    );

    const runs = fake.repo('acme', 'widgets').checkRuns.filter((r) => r.headSha === headSha);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ id: stalled[0]!.id, status: 'completed' });
    expect(fake.repo('acme', 'widgets').comments.filter((c) => c.body.includes(GATE_COMMENT_MARKER))).toHaveLength(1);
    expect(survivor.logs.find((l) => l.deliveryId === 'killed-1' && l.msg === 'plangate: job completed')).toMatchObject({
      jobId: jobIdOf('killed-1'),
      outcome: 'completed',
    });
    expect(fake.validationErrors).toEqual([]);
  }, 150_000);
});
