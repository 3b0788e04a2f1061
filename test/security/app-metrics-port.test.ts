// /metrics (every delivery outcome, GitHub request counts, rate limits per installation) and
// /readyz (which dependency fails, and its error) were served without authentication on the
// public webhook port, which the Compose file's proxy publishes. They are now served only on the
// operations server (METRICS_PORT), which no proxy of ours forwards; the public port answers 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAppSettings } from '../../src/app/server/read-app-settings.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { startScaleApp, type ScaleApp } from '../app-scale/support/scale-app.js';

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

describe('operations endpoints are not on the webhook port', () => {
  it.each(['/metrics', '/readyz'])('%s: 404 on the public port, served on the operations port', async (path) => {
    for (const method of ['GET', 'HEAD']) {
      const res = await fetch(`${app.url}${path}`, { method });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('plangate_');
    }
    const ops = await fetch(`${app.metricsUrl}${path}`);
    expect(ops.status).toBe(200);
    expect(new URL(app.metricsUrl).port).not.toBe(new URL(app.url).port);
  });

  it('/healthz (nothing but "ok") answers on both, for container health checks', async () => {
    expect(await (await fetch(`${app.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${app.metricsUrl}/healthz`)).json()).toEqual({ status: 'ok' });
  });

  it('by default the operations server is its own port on loopback; it can never share the webhook port', () => {
    const env = { APP_ID: '1', PRIVATE_KEY: '-----BEGIN RSA PRIVATE KEY-----\n…', WEBHOOK_SECRET: 's' };
    const read = readAppSettings(env, ['all']);
    if (!read.ok) throw new Error(read.problems.join('; '));
    expect(read.settings).toMatchObject({ port: 3000, metricsPort: 9464, metricsHost: 'localhost' });
    const same = readAppSettings({ ...env, PORT: '8080', METRICS_PORT: '8080' }, ['all']);
    expect(same).toMatchObject({ ok: false, problems: [expect.stringContaining('METRICS_PORT must differ from PORT')] });
  });
});
