import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobIdOf } from '../../src/app/queue/delivery-job.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import { PRD_BODY } from '../support/evaluate-files.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { startRedis, type TestRedis } from '../support/redis/start-redis.js';
import { missingService } from '../support/system-services.js';
import { sendDelivery, startScaleApp, waitFor, type ScaleApp } from './support/scale-app.js';

const PRD = '.omx/plans/prd-export.md';
const BODY_MARKER = 'PR-BODY-TEXT-THAT-NO-LOG-MAY-HOLD';
/** Without redis-server these tests skip (the run says how to install it); in CI they fail. */
const withoutRedis = missingService('redis-server');
let redis: TestRedis;
let fake: FakeGitHub;
let web: ScaleApp;
let worker: ScaleApp;

beforeAll(async () => {
  redis = await startRedis();
  fake = await FakeGitHub.start();
  fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n' });
  web = await startScaleApp({ fake, role: 'web', redisUrl: redis.url });
});

afterAll(async () => {
  for (const app of [web, worker]) await app?.stop();
  await fake?.close();
  await redis?.stop();
});

async function scrape(app: ScaleApp): Promise<PrometheusFamily[]> {
  const res = await fetch(`${app.metricsUrl}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return parsePrometheusTextFormat(await res.text());
}

function sample(families: PrometheusFamily[], name: string, labels: Record<string, string> = {}) {
  const family = families.find((f) => f.name === name);
  return family?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
}

describe.skipIf(withoutRedis)('operating the App', () => {
  it('every replica shares the installation limits: Probot’s throttling keeps its limiter state in Redis', async () => {
    const throttled = await startScaleApp({ fake, role: 'worker', redisUrl: redis.url, throttle: true });
    const pr = fake.addPull('acme', 'widgets', { head: 'main', title: 'label only' }).number;
    await sendDelivery(
      web.url,
      'pull_request',
      pullRequestEvent(fake, 'acme', 'widgets', pr, { action: 'labeled', label: 'documentation' }),
      'throttled-1',
    );
    await waitFor(async () => (await web.producer!.queue.getJobState(jobIdOf('throttled-1'))) === 'completed', 'the labeled job');
    const client = new Redis(redis.url);
    const keys = await client.keys(`b_octokit-global-${fake.state.app.installationId}*`);
    // Bottleneck's clustered limiter for this installation: what every replica reads and updates.
    expect(keys.length).toBeGreaterThan(0);

    // Its keys expire after two idle minutes (and a stalled client's registration lapses). On Redis 7
    // Bottleneck only recovers with the App's fix; without it every request of the installation fails.
    await client.del(...(await client.keys('b_*')));
    await client.quit();
    await sendDelivery(
      web.url,
      'pull_request',
      pullRequestEvent(fake, 'acme', 'widgets', pr, { action: 'labeled', label: 'documentation' }),
      'throttled-2',
    );
    await waitFor(async () => (await web.producer!.queue.getJobState(jobIdOf('throttled-2'))) === 'completed', 'the second labeled job');
    await throttled.stop();
    expect(
      throttled.logs
        .filter(
          (l) =>
            typeof l.msg === 'string' && l.msg.startsWith('plangate: ') && l.outcome !== undefined && l.msg !== 'plangate: job completed',
        )
        .map((l) => [l.deliveryId, l.msg]),
    ).toEqual([
      ['throttled-1', 'plangate: skipped'],
      ['throttled-2', 'plangate: skipped'],
    ]);
  });

  it('/metrics parses as Prometheus text and counts deliveries, queue depth, job latency, evaluations, GitHub requests and rate limit', async () => {
    worker = await startScaleApp({ fake, role: 'worker', redisUrl: redis.url, workerName: 'metrics-worker' });
    fake.commit('acme', 'widgets', 'feature', { [PRD]: PRD_BODY, 'src/export.ts': 'export const csv = true;\n' });
    const pr = fake.addPull('acme', 'widgets', { head: 'feature', body: `Plan: ${PRD}\n\n${BODY_MARKER}` }).number;
    expect((await sendDelivery(web.url, 'pull_request', pullRequestEvent(fake, 'acme', 'widgets', pr), 'metrics-1')).status).toBe(202);
    await waitFor(async () => (await web.producer!.queue.getJobState(jobIdOf('metrics-1'))) === 'completed', 'the job');

    const front = await scrape(web);
    expect(sample(front, 'plangate_webhook_deliveries_total', { event: 'pull_request', outcome: 'accepted' })?.value).toBe('3');
    const ack = front.find((f) => f.name === 'plangate_webhook_ack_seconds')!;
    expect(ack.type).toBe('HISTOGRAM');
    // All three deliveries answered within a second (bucket counts are cumulative). The parser (a prom2json
    // port) folds a histogram's label sets into one bucket map: each histogram here has one series.
    expect(ack.metrics[0]?.buckets?.['1']).toBe('3');
    expect(Number(sample(front, 'plangate_queue_jobs', { state: 'completed' })?.value)).toBe(3);
    expect(sample(front, 'plangate_queue_jobs', { state: 'active' })?.value).toBe('0');

    const back = await scrape(worker);
    expect(back.find((f) => f.name === 'plangate_job_latency_seconds')?.metrics[0]?.buckets?.['+Inf']).toBe('1');
    const evaluations = back.find((f) => f.name === 'plangate_evaluations_total')!.metrics;
    expect(evaluations.map((m) => [m.labels?.conclusion, m.value])).toEqual([[expect.stringMatching(/^(success|failure|neutral)$/), '1']]);
    expect(back.find((f) => f.name === 'plangate_evaluation_duration_seconds')?.metrics[0]?.buckets?.['+Inf']).toBe('1');
    expect(
      sample(back, 'plangate_github_requests_total', { method: 'POST', route: '/repos/{owner}/{repo}/check-runs', status: '201' })?.value,
    ).toBe('1');
    const remaining = Number(
      sample(back, 'plangate_github_rate_limit_remaining', { installation: String(fake.state.app.installationId), resource: 'core' })
        ?.value,
    );
    expect(remaining).toBeLessThan(5000);
    expect(remaining).toBeGreaterThan(4900);
    expect(sample(back, 'plangate_process_resident_memory_bytes')).toBeDefined();
  });

  it('logs are JSON lines: job lines carry the delivery id and job id; no payload text and no token anywhere', () => {
    const lines = [...web.logs, ...worker.logs];
    expect(web.logs.find((l) => l.deliveryId === 'metrics-1')).toMatchObject({ outcome: 'accepted', status: 202, role: 'web' });
    expect(worker.logs.find((l) => l.msg === 'plangate: job completed' && l.deliveryId === 'metrics-1')).toMatchObject({
      jobId: jobIdOf('metrics-1'),
      event: 'pull_request.opened',
      role: 'worker',
    });
    // Lines written by the handlers inside the job get the job id too.
    expect(
      worker.logs.find((l) => typeof l.msg === 'string' && /^plangate: (evaluated|skipped|failed|config-problems)$/.test(l.msg)),
    ).toMatchObject({ jobId: jobIdOf('metrics-1'), deliveryId: 'metrics-1' });
    const raw = web.rawLog() + worker.rawLog();
    expect(raw).not.toContain(BODY_MARKER);
    expect(raw).not.toMatch(/ghs_[\w-]{10,}/);
    expect(raw).not.toContain('PRIVATE KEY');
    expect(lines.length).toBeGreaterThan(3);
  });

  it('/healthz answers while the process runs; /readyz fails while Redis is down and recovers when it returns', async () => {
    expect((await fetch(`${web.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${web.metricsUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${web.metricsUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ ready: true, checks: { github: 'ok', redis: 'ok' } });

    await redis.stop();
    const down = await waitFor(async () => {
      const res = await fetch(`${web.metricsUrl}/readyz`);
      return res.status === 503 && ((await res.json()) as { checks: Record<string, string> }).checks;
    }, '/readyz to fail');
    expect(down.redis).not.toBe('ok');
    expect(down.github).toBe('ok');
    expect((await fetch(`${web.url}/healthz`)).status).toBe(200);
    // A delivery meanwhile is refused with 503 (GitHub can redeliver it), not accepted and lost.
    const refused = await sendDelivery(web.url, 'pull_request', pullRequestEvent(fake, 'acme', 'widgets', 2), 'while-down');
    expect(refused.status).toBe(503);

    await redis.restart();
    await waitFor(async () => (await fetch(`${web.metricsUrl}/readyz`)).status === 200, '/readyz to recover', 20_000);
  });
});
