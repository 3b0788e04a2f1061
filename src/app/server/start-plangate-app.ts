import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue, type Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { DestinationStream, Logger } from 'pino';
import { Probot, ProbotOctokit } from 'probot';
import { HANDLED_EVENT_NAMES } from '../handlers/handled-event-names.js';
import type { PlangateAppOptions } from '../index.js';
import { AppMetrics } from '../metrics/app-metrics.js';
import { requestMetricsPlugin } from '../metrics/request-metrics-plugin.js';
import { DELIVERY_QUEUE, type DeliveryJobData } from '../queue/delivery-job.js';
import { DeliveryProducer, type VerifiedDelivery } from '../queue/delivery-producer.js';
import { startDeliveryWorker } from '../queue/delivery-worker.js';
import { isHandled } from '../queue/handled-events.js';
import { leaseGuardPlugin } from '../queue/lease-guard-plugin.js';
import { createAppLogger } from '../runtime/create-app-logger.js';
import { fixProbotThrottling } from '../runtime/fix-probot-throttling.js';
import { createAppHttpServer } from './app-http-server.js';
import { BodyBudget } from './body-budget.js';
import { InProcessReceiver } from './in-process-receiver.js';
import type { AppSettings } from './read-app-settings.js';
import { Readiness, type ReadinessCheck } from './readiness.js';
import { shutDown, type ShutdownStep } from './shut-down.js';
import type { AcceptOutcome } from './webhook-endpoint.js';

/** What tests and benchmarks change; production uses none of it. */
export interface StartOverrides {
  /** Base Octokit class (the App's plugins are added to it); tests turn the 1 s write spacing off. */
  Octokit?: typeof ProbotOctokit;
  appOptions?: PlangateAppOptions;
  logDestination?: DestinationStream;
  /** Stored on jobs this process runs (`job.processedBy`). */
  workerName?: string;
  busyRetryMs?: number;
}

export interface RunningApp {
  /** The public server: the webhook route (web and all roles) and `/healthz`. */
  url: string;
  /** The operations server: `/healthz`, `/readyz`, `/metrics`. */
  metricsUrl: string;
  log: Logger;
  metrics: AppMetrics;
  probot: Probot;
  producer?: DeliveryProducer;
  worker?: Worker<DeliveryJobData>;
  /**
   * Graceful: stops taking webhooks and jobs, lets running jobs finish, closes connections; what is
   * still open when `SHUTDOWN_GRACE_MS` is spent is forced closed (and named in the log).
   */
  stop(): Promise<void>;
}

/**
 * Starts one App process in its role. `web` verifies deliveries and queues them; `worker` runs
 * queued jobs; `all` does both. Without `REDIS_URL` (`all` only) deliveries run in this process
 * after the answer, as a small install needs. Every role serves /healthz on `PORT` (with the
 * webhook route, for web and all) and /healthz, /readyz and /metrics on `METRICS_PORT`.
 */
export async function startPlangateApp(settings: AppSettings, overrides: StartOverrides = {}): Promise<RunningApp> {
  const log = createAppLogger({
    level: settings.logLevel,
    role: settings.role,
    ...(overrides.logDestination ? { destination: overrides.logDestination } : {}),
  });
  const metrics = new AppMetrics();
  // The plugins type only the part of Octokit they touch (its request hook), hence the casts.
  const Octokit = (overrides.Octokit ?? ProbotOctokit)
    .plugin(requestMetricsPlugin(metrics) as never, leaseGuardPlugin as never)
    .defaults(fixProbotThrottling as never);
  const probot = new Probot({
    appId: settings.appId,
    privateKey: settings.privateKey,
    secret: settings.webhookSecret || 'unused-by-workers',
    log,
    Octokit,
    // Probot's Redis-backed throttling: one installation's limits are shared by every replica.
    ...(settings.redisUrl ? { redisConfig: settings.redisUrl } : {}),
    ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
  });
  await probot.ready();
  const handled = new Set(HANDLED_EVENT_NAMES);
  const receives = settings.role !== 'web';
  if (receives) {
    // Loaded only where deliveries are handled: a web replica never loads what evaluates them.
    const { createPlangateApp } = await import('../index.js');
    await probot.load(createPlangateApp({ seal: { privateKey: settings.privateKey }, ...overrides.appOptions, metrics }));
  }

  // Closed in reverse order: what takes work stops first, the connections it used last.
  const steps: ShutdownStep[] = [];
  const checks: ReadinessCheck[] = [
    { name: 'github', cacheMs: 15_000, check: async () => void (await (await probot.auth()).request('GET /app')) },
  ];
  let producer: DeliveryProducer | undefined;
  let worker: Worker<DeliveryJobData> | undefined;
  let accept: ((delivery: VerifiedDelivery) => Promise<AcceptOutcome>) | undefined;

  if (settings.redisUrl) {
    // Fails fast while Redis is away: the delivery gets 503 and GitHub can redeliver it.
    const quick = new Redis(settings.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
    quick.on('error', () => undefined);
    steps.push({ name: 'redis', graceful: () => quick.quit().catch(() => quick.disconnect()), force: () => quick.disconnect() });
    checks.push({ name: 'redis', check: async () => void (await quick.ping()) });
    if (settings.role !== 'worker') {
      producer = new DeliveryProducer(quick);
      const queued = producer;
      queued.queue.on('error', (error) => log.warn({ failure: error.message }, 'plangate: queue connection error'));
      accept = (d) => queued.enqueue(d);
      metrics.setQueueCounts(() => queued.counts());
      steps.push({ name: 'delivery queue', graceful: () => queued.close(), force: () => queued.queue.disconnect() });
    }
    if (receives) {
      const blocking = new Redis(settings.redisUrl, { maxRetriesPerRequest: null });
      blocking.on('error', () => undefined);
      const queue = producer?.queue ?? new Queue<DeliveryJobData>(DELIVERY_QUEUE, { connection: blocking });
      if (!producer) queue.on('error', (error) => log.warn({ failure: error.message }, 'plangate: queue connection error'));
      if (!producer) metrics.setQueueCounts(() => queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'));
      worker = startDeliveryWorker({
        connection: blocking,
        queue,
        probot,
        metrics,
        log,
        concurrency: settings.workerConcurrency,
        lockMs: settings.jobLockMs,
        ...(overrides.workerName ? { name: overrides.workerName } : {}),
        ...(overrides.busyRetryMs ? { busyRetryMs: overrides.busyRetryMs } : {}),
      });
      // Running jobs finish before the connection they use goes.
      steps.push({
        name: 'redis (jobs)',
        graceful: () => blocking.quit().catch(() => blocking.disconnect()),
        force: () => blocking.disconnect(),
      });
      if (!producer) steps.push({ name: 'delivery queue', graceful: () => queue.close(), force: () => queue.disconnect() });
      const running = worker;
      steps.push({ name: 'running jobs', graceful: () => running.close(), force: () => running.disconnect() });
    }
  } else {
    const receiver = new InProcessReceiver(probot, log);
    accept = async (d) => receiver.accept(d);
    steps.push({ name: 'running deliveries', graceful: () => receiver.drain() });
  }

  const filtered =
    accept &&
    (async (d: VerifiedDelivery) => (isHandled(handled, d.name, (d.payload as { action?: unknown })?.action) ? accept!(d) : 'ignored'));
  const budget = new BodyBudget(settings.webhookBytesInFlight);
  metrics.setBodyBytesInFlight(() => budget.inUse);
  const server = createAppHttpServer(
    filtered
      ? { webhook: { path: settings.webhookPath, deps: { budget, secret: settings.webhookSecret, accept: filtered, metrics, log } } }
      : {},
  );
  const opsServer = createAppHttpServer({ readiness: new Readiness(checks), metrics });
  // The public port last: once it answers, the process is up (its caller then takes over signals).
  const metricsUrl = await listen(opsServer, settings.metricsPort, settings.metricsHost);
  const url = await listen(server, settings.port, settings.host).catch(async (error: unknown) => {
    await close(opsServer);
    throw error;
  });
  log.info({ mode: settings.redisUrl ? 'queue' : 'single-process', url, metricsUrl }, 'plangate App listening');

  return {
    url,
    metricsUrl,
    log,
    metrics,
    probot,
    ...(producer ? { producer } : {}),
    ...(worker ? { worker } : {}),
    async stop() {
      const servers: ShutdownStep = {
        name: 'http servers',
        graceful: () => Promise.all([close(server), close(opsServer)]),
        force: () => [server, opsServer].forEach((s) => s.closeAllConnections()),
      };
      await shutDown([servers, ...[...steps].reverse()], settings.shutdownGraceMs, log);
      log.flush?.();
    },
  };
}

async function listen(server: Server, port: number, host: string): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
}

function close(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}
