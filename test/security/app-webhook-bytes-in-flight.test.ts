// Each webhook body is read whole (up to GitHub's 25 MB) before its signature can be checked, and
// nothing bounded the bodies in flight: 16 connections holding 24 MB each added 385 MB to a web
// replica documented at 128 MB. The bytes held across all connections are now capped
// (WEBHOOK_MAX_BYTES_IN_FLIGHT): past the cap the largest body in flight is answered 503 and
// dropped, so a flood of large unsigned uploads cannot crowd out GitHub's small deliveries.
// The real process under 100 such connections is measured by bench/app/webhook-memory.js.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../support/fake-github/index.js';
import { sendDelivery, startScaleApp, WEBHOOK_PATH, type ScaleApp } from '../app-scale/support/scale-app.js';

const MB = 1024 * 1024;
const BUDGET = 8 * MB;
const CONNECTIONS = 16;
const BODY = 4 * MB;
const CHUNK = 64 * 1024;
let fake: FakeGitHub;
let app: ScaleApp;

beforeAll(async () => {
  fake = await FakeGitHub.start();
  app = await startScaleApp({ fake, role: 'all', bytesInFlight: BUDGET });
});

afterAll(async () => {
  await app.stop();
  await fake.close();
});

/** plangate_webhook_body_bytes_in_flight as the process reports it now. */
async function inFlight(): Promise<number> {
  const gauge = app.metrics.registry.getSingleMetric('plangate_webhook_body_bytes_in_flight');
  const [sample] = gauge ? (await gauge.get()).values : [];
  return sample?.value ?? 0;
}

interface Upload {
  status?: number;
  retryAfter?: string;
  sent: number;
}

/** An unsigned upload declaring `BODY` bytes, trickled a chunk every few milliseconds until the server answers or hangs up. */
function trickle(i: number, body = BODY): Promise<Upload> {
  const chunk = Buffer.alloc(CHUNK, '{"x":1}');
  return new Promise((resolve) => {
    const { hostname, port } = new URL(app.url);
    const req = request({
      hostname,
      port,
      method: 'POST',
      path: WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'content-length': String(body),
        'x-github-event': 'pull_request',
        'x-github-delivery': `flood-${i}`,
        'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
      },
    });
    let sent = 0;
    let done = false;
    const finish = (answer: Omit<Upload, 'sent'> = {}) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      resolve({ ...answer, sent });
      req.destroy();
    };
    req.on('response', (res) => {
      res.resume();
      finish({ status: res.statusCode!, ...(res.headers['retry-after'] ? { retryAfter: res.headers['retry-after'] } : {}) });
    });
    req.on('error', () => finish());
    const timer = setInterval(() => {
      if (done || sent >= body) return;
      sent += CHUNK;
      req.write(chunk);
      if (sent >= body) req.end();
    }, 3);
  });
}

describe('webhook body bytes in flight are capped across connections', () => {
  it(`${CONNECTIONS} unsigned ${BODY / MB} MB uploads against an ${BUDGET / MB} MB budget: never more held, the largest refused with 503, a signed delivery still accepted`, async () => {
    let peak = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await inFlight());
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const flood = Array.from({ length: CONNECTIONS }, (_, i) => trickle(i));
    // GitHub's small delivery arrives in the middle of the flood.
    await new Promise((r) => setTimeout(r, 300));
    const ping = await sendDelivery(app.url, 'ping', { zen: 'Keep it logically awesome.', hook_id: 1 }, 'during-flood');
    const uploads = await Promise.all(flood);
    sampling = false;
    await sampler;

    expect(ping.status).toBe(200);
    // Refused from their headers (each declares more than the budget has left) or when a smaller
    // body needed the room. The connection is dropped at once (its body is not read on), so a
    // client still sending may see the reset before the 503.
    const busy = app.logs.filter((l) => l.outcome === 'busy');
    expect(busy.length).toBeGreaterThanOrEqual(CONNECTIONS / 2);
    expect(uploads.filter((u) => u.status === 503).every((u) => u.retryAfter === '5')).toBe(true);
    // None was accepted: the rest were read whole and refused for their signature.
    expect(uploads.every((u) => u.status === undefined || u.status === 503 || u.status === 400)).toBe(true);
    expect(app.logs.filter((l) => l.outcome === 'bad-signature').length + busy.length).toBe(CONNECTIONS);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(BUDGET);

    // Everything is given back once the connections are gone.
    expect(await inFlight()).toBe(0);
  });

  it('when the budget is full, a small signed delivery evicts the largest unsigned upload instead of being refused', async () => {
    const busyBefore = app.logs.filter((l) => l.outcome === 'busy').length;
    // Two uploads declaring half the budget each hold all of it, and keep trickling.
    const uploads = [trickle(100, BUDGET / 2), trickle(101, BUDGET / 2)];
    for (let i = 0; i < 200 && (await inFlight()) < BUDGET; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await inFlight()).toBe(BUDGET);

    const ping = await sendDelivery(app.url, 'ping', { zen: 'Practicality beats purity.', hook_id: 1 }, 'budget-full');
    expect(ping.status).toBe(200);
    await Promise.all(uploads);
    expect(app.logs.filter((l) => l.outcome === 'busy').length - busyBefore).toBe(1);
  });
});
