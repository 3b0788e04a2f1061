import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Seconds buckets from a fast webhook answer up to a very large first evaluation. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export type DeliveryOutcome = 'accepted' | 'duplicate' | 'ignored' | 'bad-signature' | 'too-large' | 'busy' | 'bad-request' | 'unavailable';

/**
 * The App's Prometheus metrics (one registry per process, served at `/metrics`). Label values are
 * bounded: event names, outcomes, route templates and installation ids — never repository content.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly deliveries: Counter<'event' | 'outcome'>;
  readonly ackSeconds: Histogram<'outcome'>;
  readonly queueJobs: Gauge<'state'>;
  readonly jobSeconds: Histogram<'event' | 'outcome'>;
  readonly jobWaitSeconds: Histogram;
  readonly evaluations: Counter<'conclusion'>;
  readonly evaluationSeconds: Histogram<'conclusion'>;
  readonly issueTasks: Counter<'event' | 'outcome'>;
  readonly githubRequests: Counter<'method' | 'route' | 'status'>;
  readonly rateLimitRemaining: Gauge<'installation' | 'resource'>;
  readonly bodyBytesInFlight: Gauge;
  private readonly queueSource: { read?: () => Promise<Record<string, number>> } = {};
  private readonly bodySource: { read?: () => number } = {};

  constructor(options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry];
    this.deliveries = new Counter({
      name: 'plangate_webhook_deliveries_total',
      help: 'Webhook deliveries received, by event and outcome',
      labelNames: ['event', 'outcome'],
      registers,
    });
    this.ackSeconds = new Histogram({
      name: 'plangate_webhook_ack_seconds',
      help: 'Time from the first byte of a delivery to its answer',
      labelNames: ['outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const queueSource = this.queueSource;
    this.queueJobs = new Gauge({
      name: 'plangate_queue_jobs',
      help: 'Jobs in the delivery queue, by state (read from Redis when scraped)',
      labelNames: ['state'],
      registers,
      async collect() {
        if (!queueSource.read) return;
        const counts = await queueSource.read().catch(() => undefined);
        for (const [state, n] of Object.entries(counts ?? {})) this.set({ state }, n);
      },
    });
    this.jobSeconds = new Histogram({
      name: 'plangate_job_latency_seconds',
      help: 'Time from a delivery being queued to its job finishing',
      labelNames: ['event', 'outcome'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.jobWaitSeconds = new Histogram({
      name: 'plangate_job_wait_seconds',
      help: 'Time from a delivery being queued to a worker starting it',
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.evaluations = new Counter({
      name: 'plangate_evaluations_total',
      help: 'Pull request evaluations, by check run conclusion (or skipped / failed)',
      labelNames: ['conclusion'],
      registers,
    });
    this.evaluationSeconds = new Histogram({
      name: 'plangate_evaluation_duration_seconds',
      help: 'Duration of one pull request evaluation',
      labelNames: ['conclusion'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.issueTasks = new Counter({
      name: 'plangate_issue_tasks_total',
      help: 'Label, command and workflow-run tasks, by event and outcome',
      labelNames: ['event', 'outcome'],
      registers,
    });
    this.githubRequests = new Counter({
      name: 'plangate_github_requests_total',
      help: 'GitHub API requests (every attempt), by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.rateLimitRemaining = new Gauge({
      name: 'plangate_github_rate_limit_remaining',
      help: 'x-ratelimit-remaining of the last GitHub answer, by installation and resource',
      labelNames: ['installation', 'resource'],
      registers,
    });
    const bodySource = this.bodySource;
    this.bodyBytesInFlight = new Gauge({
      name: 'plangate_webhook_body_bytes_in_flight',
      help: 'Bytes of webhook bodies held in memory now, before their signature is checked (bounded by WEBHOOK_MAX_BYTES_IN_FLIGHT)',
      registers,
      collect() {
        if (bodySource.read) this.set(bodySource.read());
      },
    });
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry, prefix: 'plangate_' });
  }

  /** Where queue depth comes from (the BullMQ queue of this process, when there is one). */
  setQueueCounts(read: () => Promise<Record<string, number>>): void {
    this.queueSource.read = read;
  }

  /** Where the webhook bytes in flight come from (the web server's body budget). */
  setBodyBytesInFlight(read: () => number): void {
    this.bodySource.read = read;
  }

  /** Prometheus text exposition format. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
