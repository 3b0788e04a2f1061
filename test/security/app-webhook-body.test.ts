// 13 §6: the App buffered and logged whole request bodies before checking the signature (four
// concurrent unsigned 300 MB bodies took 42 s, 4.2 GB of memory and +314 MB of log). The App's
// server now checks headers, then Content-Length, then caps the body as it streams (GitHub's
// webhook maximum, 25 MB), verifies the signature over the raw bytes, and only then parses it.
// Before: `npm start` ran `probot run`, whose webhook middleware read every body whole and logged
// the rejected event (payload included) — each assertion below on bytes sent and log text fails there.
import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GITHUB_WEBHOOK_MAX_BYTES } from '../../src/app/server/webhook-endpoint.js';
import { WEBHOOK_SECRET } from '../support/app-harness.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { startScaleApp, WEBHOOK_PATH, type ScaleApp } from '../app-scale/support/scale-app.js';

const MB = 1024 * 1024;
const MARKER = 'PAYLOAD-BYTES-MUST-NOT-BE-LOGGED';
let fake: FakeGitHub;
let app: ScaleApp;

beforeAll(async () => {
  fake = await FakeGitHub.start();
  // Single-process mode: what `npm start` runs. The queue mode uses the same endpoint.
  app = await startScaleApp({ fake, role: 'all' });
});

afterAll(async () => {
  await app.stop();
  await fake.close();
});

interface Upload {
  status?: number;
  /** Bytes the client managed to hand to the socket before the server answered or cut it. */
  bytesSent: number;
}

/** Streams `totalBytes` of `fill` (1 MiB reused, so the client itself holds nothing) and stops when the server answers or hangs up. */
function upload(options: { totalBytes: number; declareLength?: boolean; headers?: Record<string, string> }): Promise<Upload> {
  const chunk = Buffer.alloc(MB, `${MARKER} `);
  return new Promise((resolve) => {
    const { hostname, port } = new URL(app.url);
    const req = request({
      hostname,
      port,
      method: 'POST',
      path: WEBHOOK_PATH,
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'pull_request',
        'x-github-delivery': `oversize-${Math.random().toString(16).slice(2)}`,
        'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
        ...(options.declareLength ? { 'content-length': String(options.totalBytes) } : {}),
        ...options.headers,
      },
    });
    let sent = 0;
    let done = false;
    const finish = (status?: number) => {
      if (done) return;
      done = true;
      resolve({ ...(status ? { status } : {}), bytesSent: sent });
      req.destroy();
    };
    req.on('response', (res) => {
      res.resume();
      finish(res.statusCode);
    });
    req.on('error', () => finish());
    const pump = () => {
      while (!done && sent < options.totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!done) req.end();
    };
    pump();
  });
}

describe('webhook bodies are capped and verified before they are read or parsed', () => {
  it('a body declaring 300 MB is answered 413 from its headers: the client has sent almost nothing', async () => {
    const result = await upload({ totalBytes: 300 * MB, declareLength: true });
    expect(result.status).toBe(413);
    expect(result.bytesSent).toBeLessThan(16 * MB);
  });

  it('a delivery without a signature header is refused before its body is read', async () => {
    const result = await upload({ totalBytes: 300 * MB, declareLength: true, headers: { 'x-hub-signature-256': '' } });
    expect(result.status).toBe(400);
    expect(result.bytesSent).toBeLessThan(16 * MB);
  });

  it('four concurrent unsigned 300 MB bodies with no Content-Length: each cut at 25 MB or refused as busy, memory bounded, nothing of them logged', async () => {
    const logBefore = app.rawLog().length;
    const linesBefore = app.logs.length;
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const results = await Promise.all([1, 2, 3, 4].map(() => upload({ totalBytes: 300 * MB })));
    clearInterval(sampler);
    for (const r of results) {
      // The server stopped reading at the cap (plus what socket buffers held), not at 300 MB.
      expect(r.bytesSent).toBeLessThan(GITHUB_WEBHOOK_MAX_BYTES + 16 * MB);
    }
    // At most the process's budget of body bytes in flight, nowhere near 4 × 300 MB.
    expect(peak - baseline).toBeLessThan(300 * MB);
    const newLog = app.rawLog().slice(logBefore);
    expect(newLog).not.toContain(MARKER);
    expect(newLog.length).toBeLessThan(4 * 1024);
    // Past the budget the largest body in flight is refused (503) rather than read on.
    const outcomes = app.logs.slice(linesBefore).map((l) => l.outcome);
    expect(outcomes.filter((o) => o === 'too-large' || o === 'busy')).toHaveLength(4);
  });

  it('a small body with a wrong signature is refused (400) and neither parsed nor logged', async () => {
    const body = JSON.stringify({ action: 'opened', note: MARKER, installation: { id: 1 } });
    const res = await fetch(`${app.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'pull_request',
        'x-github-delivery': 'bad-sig-1',
        'x-hub-signature-256': `sha256=${createHmac('sha256', 'not-the-secret').update(body).digest('hex')}`,
      },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('signature does not match');
    expect(app.rawLog()).not.toContain(MARKER);
    expect(app.logs.find((l) => l.deliveryId === 'bad-sig-1')).toMatchObject({ outcome: 'bad-signature', status: 400 });
  });

  it('a correctly signed body just under the cap is accepted: the cap is GitHub’s maximum, not lower', async () => {
    const filler = 'x'.repeat(GITHUB_WEBHOOK_MAX_BYTES - 1024);
    const body = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1, filler });
    const res = await fetch(`${app.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'ping',
        'x-github-delivery': 'big-ping',
        'x-hub-signature-256': `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')}`,
      },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, outcome: 'ignored' });
    expect(app.rawLog()).not.toContain('x'.repeat(100));
  });
});
