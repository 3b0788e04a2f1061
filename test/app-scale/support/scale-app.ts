import { createHmac } from 'node:crypto';
import { Writable } from 'node:stream';
import { ProbotOctokit } from 'probot';
import type { PlangateAppOptions } from '../../../src/app/index.js';
import { DEFAULT_WEBHOOK_BYTES_IN_FLIGHT, type AppRole, type AppSettings } from '../../../src/app/server/read-app-settings.js';
import { startPlangateApp, type RunningApp } from '../../../src/app/server/start-plangate-app.js';
import { testPrivateKey, WEBHOOK_SECRET } from '../../support/app-harness.js';
import type { FakeGitHub } from '../../support/fake-github/index.js';

export interface ScaleApp extends RunningApp {
  /** Every JSON log line this process wrote. */
  logs: Record<string, unknown>[];
  /** The raw log text (to search for what must never be there). */
  rawLog(): string;
}

export interface ScaleAppOptions {
  fake: FakeGitHub;
  role: AppRole;
  redisUrl?: string;
  /** Probot's 1 s write spacing; off unless a test is about it (as in test/support/app-harness.ts). */
  throttle?: boolean;
  workerName?: string;
  jobLockMs?: number;
  concurrency?: number;
  /** WEBHOOK_MAX_BYTES_IN_FLIGHT (default as in production). */
  bytesInFlight?: number;
  appOptions?: PlangateAppOptions;
}

export const WEBHOOK_PATH = '/api/github/webhooks';

/** settings as `plangate-app <role>` would read them from the environment, against the fake GitHub. */
export function scaleSettings(
  options: Pick<ScaleAppOptions, 'fake' | 'role' | 'redisUrl' | 'jobLockMs' | 'concurrency' | 'bytesInFlight'>,
): AppSettings {
  return {
    role: options.role,
    appId: options.fake.state.app.id,
    privateKey: testPrivateKey(),
    webhookSecret: WEBHOOK_SECRET,
    webhookPath: WEBHOOK_PATH,
    port: 0,
    host: '127.0.0.1',
    metricsPort: 0,
    metricsHost: '127.0.0.1',
    webhookBytesInFlight: options.bytesInFlight ?? DEFAULT_WEBHOOK_BYTES_IN_FLIGHT,
    ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
    baseUrl: options.fake.url,
    logLevel: 'info',
    workerConcurrency: options.concurrency ?? 4,
    jobLockMs: options.jobLockMs ?? 5_000,
    // Within the test hooks' 60 s: a shutdown that hangs ends forced, and the log names the step.
    shutdownGraceMs: 10_000,
  };
}

/** The real App process entry (`startPlangateApp`), in this process, with its log captured. */
export async function startScaleApp(options: ScaleAppOptions): Promise<ScaleApp> {
  const logs: Record<string, unknown>[] = [];
  let raw = '';
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString('utf8');
      raw += text;
      for (const line of text.split('\n')) if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const Octokit = options.throttle
    ? ProbotOctokit
    : ProbotOctokit.defaults((instance: Record<string, unknown>) => ({
        ...instance,
        throttle: { ...(instance.throttle as object), enabled: false },
      }));
  const app = await startPlangateApp(scaleSettings(options), {
    Octokit,
    logDestination: destination,
    busyRetryMs: 200,
    ...(options.workerName ? { workerName: options.workerName } : {}),
    appOptions: { ...options.appOptions, retry: { waitScale: 0.001, ...options.appOptions?.retry } },
  });
  const stop = app.stop.bind(app);
  const stopAndReport = async () => {
    await stop();
    // A forced shutdown passes (the process ended) but would hide a hang: say which step held it up.
    for (const line of logs)
      if (typeof line.msg === 'string' && line.msg.startsWith('plangate App stopping')) process.stderr.write(`${JSON.stringify(line)}\n`);
  };
  return Object.assign(app, { logs, rawLog: () => raw, stop: stopAndReport });
}

export interface Sent {
  status: number;
  body: string;
  ms: number;
}

/** Signs and POSTs a delivery the way GitHub does (`X-Hub-Signature-256` over the raw body). */
export async function sendDelivery(url: string, name: string, payload: object, id: string, secret = WEBHOOK_SECRET): Promise<Sent> {
  const body = JSON.stringify(payload);
  const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const started = performance.now();
  const res = await fetch(`${url}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': name,
      'x-github-delivery': id,
      'x-hub-signature-256': signature,
      'user-agent': 'GitHub-Hookshot/test',
    },
    body,
  });
  const text = await res.text();
  return { status: res.status, body: text, ms: performance.now() - started };
}

/** Polls until `check` returns a value other than undefined/false (bounded). */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
