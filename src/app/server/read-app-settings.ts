import { readFileSync } from 'node:fs';

export type AppRole = 'web' | 'worker' | 'all';

export interface AppSettings {
  role: AppRole;
  appId: number;
  privateKey: string;
  /** Required wherever webhooks are received: unsigned deliveries are never accepted. */
  webhookSecret: string;
  webhookPath: string;
  /** The public server: the webhook route (and `/healthz`). */
  port: number;
  host: string;
  /** The operations server: `/healthz`, `/readyz` and `/metrics`, never on the public port. */
  metricsPort: number;
  metricsHost: string;
  /** Webhook body bytes held in memory at once, across connections (past it: 503). */
  webhookBytesInFlight: number;
  /** Queue mode when set; single-process mode without it. */
  redisUrl?: string;
  /** GitHub API base URL (GitHub Enterprise Server); github.com when unset. */
  baseUrl?: string;
  logLevel: string;
  workerConcurrency: number;
  jobLockMs: number;
  /** How long `stop()` waits for running jobs and connections before it forces them closed. */
  shutdownGraceMs: number;
}

export type SettingsResult = { ok: true; settings: AppSettings } | { ok: false; problems: string[] };

const ROLES: readonly AppRole[] = ['web', 'worker', 'all'];

/** Prometheus' customary exporter port; the operations server's default. */
export const DEFAULT_METRICS_PORT = 9464;

/** Within the 60 s stop grace period docs/deploy.md recommends, with room to exit before a SIGKILL. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 50_000;

/**
 * One delivery of GitHub's maximum size (25 MiB) and a little room for small ones beside it: a
 * web replica stays within its 128 MB however many uploads are in flight (docs/deploy.md).
 */
export const DEFAULT_WEBHOOK_BYTES_IN_FLIGHT = 26 * 1024 * 1024;

/**
 * The App's settings from the environment (Probot's variable names where Probot has one) and the
 * role from the command line (`plangate-app web|worker|all`, default `all`). Every problem is
 * listed at once; nothing starts half-configured.
 */
export function readAppSettings(env: NodeJS.ProcessEnv, argv: readonly string[]): SettingsResult {
  const problems: string[] = [];
  const role = (argv[0] ?? env.PLANGATE_ROLE ?? 'all') as AppRole;
  if (!ROLES.includes(role)) problems.push(`unknown role "${role}": use web, worker or all`);
  const appId = Number(env.APP_ID);
  if (!Number.isInteger(appId) || appId <= 0) problems.push('APP_ID must be the App id (a positive number)');
  const privateKey = readPrivateKey(env, problems);
  const webhookSecret = env.WEBHOOK_SECRET ?? '';
  if (role !== 'worker' && !webhookSecret) problems.push('WEBHOOK_SECRET is required: it is how deliveries are verified');
  const redisUrl = env.REDIS_URL || undefined;
  if (role !== 'all' && !redisUrl) problems.push(`the ${role} role needs REDIS_URL (the queue between web and worker processes)`);
  const port = portOf(env.PORT, 3000, 'PORT', problems);
  const metricsPort = portOf(env.METRICS_PORT, DEFAULT_METRICS_PORT, 'METRICS_PORT', problems);
  if (port !== 0 && metricsPort === port)
    problems.push('METRICS_PORT must differ from PORT: /metrics and /readyz are never served on the webhook port');
  const webhookBytesInFlight = integer(
    env.WEBHOOK_MAX_BYTES_IN_FLIGHT,
    DEFAULT_WEBHOOK_BYTES_IN_FLIGHT,
    'WEBHOOK_MAX_BYTES_IN_FLIGHT',
    problems,
  );
  const workerConcurrency = integer(env.WORKER_CONCURRENCY, 10, 'WORKER_CONCURRENCY', problems);
  const jobLockMs = integer(env.JOB_LOCK_MS, 30_000, 'JOB_LOCK_MS', problems);
  const shutdownGraceMs = integer(env.SHUTDOWN_GRACE_MS, DEFAULT_SHUTDOWN_GRACE_MS, 'SHUTDOWN_GRACE_MS', problems);
  const baseUrl = env.GITHUB_API_URL || (env.GHE_HOST ? `${env.GHE_PROTOCOL || 'https'}://${env.GHE_HOST}/api/v3` : undefined);
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    settings: {
      role,
      appId,
      privateKey: privateKey!,
      webhookSecret,
      webhookPath: env.WEBHOOK_PATH || '/api/github/webhooks',
      port,
      host: env.HOST || 'localhost',
      metricsPort,
      metricsHost: env.METRICS_HOST || 'localhost',
      webhookBytesInFlight,
      ...(redisUrl ? { redisUrl } : {}),
      ...(baseUrl ? { baseUrl } : {}),
      logLevel: env.LOG_LEVEL || 'info',
      workerConcurrency,
      jobLockMs,
      shutdownGraceMs,
    },
  };
}

/** `PRIVATE_KEY` (PEM text, `\n` escapes allowed, or base64 of the PEM) or `PRIVATE_KEY_PATH`. */
function readPrivateKey(env: NodeJS.ProcessEnv, problems: string[]): string | undefined {
  let key = env.PRIVATE_KEY;
  if (!key && env.PRIVATE_KEY_PATH) {
    try {
      key = readFileSync(env.PRIVATE_KEY_PATH, 'utf8');
    } catch (error) {
      problems.push(`PRIVATE_KEY_PATH cannot be read: ${(error as Error).message}`);
      return undefined;
    }
  }
  if (!key) {
    problems.push('PRIVATE_KEY or PRIVATE_KEY_PATH is required');
    return undefined;
  }
  key = key.replace(/\\n/g, '\n');
  if (!key.includes('-----BEGIN')) {
    const decoded = Buffer.from(key, 'base64').toString('utf8');
    if (decoded.includes('-----BEGIN')) key = decoded;
    else problems.push('PRIVATE_KEY is not a PEM private key');
  }
  return key;
}

function portOf(value: string | undefined, fallback: number, name: string, problems: string[]): number {
  const port = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) problems.push(`${name} must be a port number (0 picks a free one)`);
  return port;
}

function integer(value: string | undefined, fallback: number, name: string, problems: string[]): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) problems.push(`${name} must be a positive integer`);
  return n;
}
