import { describe, expect, it } from 'vitest';
import { FORCE_MS, shutDown, type ShutdownStep } from '../../src/app/server/shut-down.js';
import { readAppSettings } from '../../src/app/server/read-app-settings.js';

function recorder() {
  const events: string[] = [];
  const warnings: unknown[] = [];
  const log = { warn: (fields: unknown) => void warnings.push(fields) } as never;
  return { events, warnings, log };
}

describe('stopping the App within its grace period', () => {
  it('runs every step in order; one that outlasts the grace period is forced, named in the log, and the rest still run', async () => {
    const { events, warnings, log } = recorder();
    const steps: ShutdownStep[] = [
      { name: 'http servers', graceful: async () => void events.push('servers closed'), force: () => events.push('servers forced') },
      { name: 'running jobs', graceful: () => new Promise(() => undefined), force: () => events.push('jobs forced') },
      { name: 'redis', graceful: async () => void events.push('redis closed'), force: () => events.push('redis forced') },
    ];
    const started = Date.now();
    await shutDown(steps, 300, log);
    const took = Date.now() - started;
    expect(events).toEqual(['servers closed', 'jobs forced', 'redis closed']);
    expect(warnings).toEqual([{ step: 'running jobs', graceMs: 300 }]);
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(2_000);
  });

  it('the grace period is one budget for all steps, not one per step', async () => {
    const { events, warnings, log } = recorder();
    const slow = (name: string): ShutdownStep => ({
      name,
      graceful: () => new Promise((resolve) => setTimeout(resolve, 200)).then(() => events.push(`${name} closed`)),
      force: () => events.push(`${name} forced`),
    });
    await shutDown([slow('a'), slow('b'), slow('c')], 500, log);
    expect(events.slice(0, 2)).toEqual(['a closed', 'b closed']);
    expect(events).toContain('c forced');
    expect(warnings).toEqual([{ step: 'c', graceMs: 500 }]);
  });

  it('a step that fails, or whose force throws, does not stop the ones after it', async () => {
    const { events, warnings, log } = recorder();
    await shutDown(
      [
        { name: 'queue', graceful: () => Promise.reject(new Error('connection is closed')) },
        {
          name: 'worker',
          graceful: () => new Promise(() => undefined),
          force: () => {
            throw new Error('already closing');
          },
        },
        { name: 'redis', graceful: async () => void events.push('redis closed') },
      ],
      100,
      log,
    );
    expect(events).toEqual(['redis closed']);
    expect(warnings).toEqual([{ step: 'worker', graceMs: 100 }]);
  });

  it('a forced close that never settles (a disconnect waiting on a dead Redis) is left after FORCE_MS, and the rest still run', async () => {
    const { events, warnings, log } = recorder();
    const started = Date.now();
    await shutDown(
      [
        { name: 'running jobs', graceful: () => new Promise(() => undefined), force: () => new Promise(() => undefined) },
        { name: 'redis', graceful: async () => void events.push('redis closed') },
      ],
      100,
      log,
    );
    const took = Date.now() - started;
    expect(events).toEqual(['redis closed']);
    expect(warnings).toEqual([
      { step: 'running jobs', graceMs: 100 },
      { step: 'running jobs', forceMs: FORCE_MS },
    ]);
    expect(took).toBeGreaterThanOrEqual(100 + FORCE_MS - 10);
    expect(took).toBeLessThan(100 + FORCE_MS + 1_500);
  });
});

describe('SHUTDOWN_GRACE_MS', () => {
  const env = { APP_ID: '1', PRIVATE_KEY: '-----BEGIN RSA PRIVATE KEY-----\n…', WEBHOOK_SECRET: 's' };

  it('defaults to 50 s (inside the 60 s stop grace period docs/deploy.md recommends) and takes a positive number', () => {
    expect(readAppSettings(env, ['all'])).toMatchObject({ ok: true, settings: { shutdownGraceMs: 50_000 } });
    expect(readAppSettings({ ...env, SHUTDOWN_GRACE_MS: '5000' }, ['all'])).toMatchObject({
      ok: true,
      settings: { shutdownGraceMs: 5_000 },
    });
    expect(readAppSettings({ ...env, SHUTDOWN_GRACE_MS: 'soon' }, ['all'])).toMatchObject({
      ok: false,
      problems: ['SHUTDOWN_GRACE_MS must be a positive integer'],
    });
  });
});
