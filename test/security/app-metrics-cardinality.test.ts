// Anyone who can reach the webhook port chose a Prometheus label value: `X-GitHub-Event` of a
// request nobody signed (no body, no signature) became the `event` label of
// plangate_webhook_deliveries_total, so 20,000 requests made 20,001 series, +53 MB of heap and a
// /metrics page 200 times larger. Label values now come from a fixed set; anything else is `other`.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../support/fake-github/index.js';
import { sendDelivery, startScaleApp, WEBHOOK_PATH, type ScaleApp } from '../app-scale/support/scale-app.js';

const REQUESTS = 1_000;
let fake: FakeGitHub;
let app: ScaleApp;

beforeAll(async () => {
  fake = await FakeGitHub.start();
  app = await startScaleApp({ fake, role: 'all' });
});

afterAll(async () => {
  await app.stop();
  await fake.close();
});

/** `e_` and the number in letters: a different, well-formed event name per request. */
function eventName(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(97 + ((n - 1) % 26)) + name;
  return `e_${name}`;
}

async function unsigned(event: string): Promise<number> {
  const res = await fetch(`${app.url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'x-github-event': event, 'x-github-delivery': `d-${event}` },
  });
  await res.arrayBuffer();
  return res.status;
}

async function deliverySeries(): Promise<{ series: { labels?: Record<string, string>; value?: string }[]; bytes: number }> {
  const text = await app.metrics.render();
  const family = parsePrometheusTextFormat(text).find((f) => f.name === 'plangate_webhook_deliveries_total');
  return { series: family?.metrics ?? [], bytes: text.length };
}

describe('metric labels come from a fixed set', () => {
  it(`${REQUESTS} unsigned, bodiless requests with ${REQUESTS} made-up event names add one series, event="other"`, async () => {
    const before = await deliverySeries();
    for (let i = 0; i < REQUESTS; i += 100) {
      const statuses = await Promise.all(Array.from({ length: 100 }, (_, j) => unsigned(eventName(i + j))));
      expect(new Set(statuses)).toEqual(new Set([400]));
    }

    const after = await deliverySeries();
    const fresh = after.series.filter((s) => !before.series.some((b) => JSON.stringify(b.labels) === JSON.stringify(s.labels)));
    expect(fresh).toEqual([{ labels: { event: 'other', outcome: 'bad-request' }, value: String(REQUESTS) }]);
    // A new outcome adds its answer-time histogram once; no request adds more.
    expect(after.bytes - before.bytes).toBeLessThan(8 * 1024);
  });

  it('an event the App receives keeps its own label (a signed ping)', async () => {
    const sent = await sendDelivery(app.url, 'ping', { zen: 'Keep it logically awesome.', hook_id: 1 }, 'ping-1');
    expect(sent.status).toBe(200);
    const { series } = await deliverySeries();
    expect(series).toContainEqual({ labels: { event: 'ping', outcome: 'ignored' }, value: '1' });
  });
});
