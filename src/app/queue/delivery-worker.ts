import { DelayedError, Job, Worker, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Probot } from 'probot';
import type { AppMetrics } from '../metrics/app-metrics.js';
import { eventLabel } from '../metrics/event-label.js';
import { DELIVERY_QUEUE, type DeliveryJobData } from './delivery-job.js';
import { isLeaseLost, jobContext, LeaseLostError, type JobContext } from './job-context.js';
import { summarizeReceiveError } from '../runtime/summarize-receive-error.js';
import { TargetTurns } from './target-turns.js';

export interface DeliveryWorkerOptions {
  /** A connection with `maxRetriesPerRequest: null` (BullMQ's requirement for workers). */
  connection: Redis;
  /** The queue (for job states when a target's line is checked). */
  queue: Queue<DeliveryJobData>;
  /** A Probot with the plangate App loaded: jobs run through `probot.receive`, as a delivery would. */
  probot: Probot;
  metrics?: AppMetrics;
  log: { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };
  /** Jobs one worker process runs at once (they mostly wait on GitHub). */
  concurrency?: number;
  /** A job's lock; a worker that dies holds it this long before the job is retried elsewhere. */
  lockMs?: number;
  /** How long a job whose target is busy waits before it looks again (the busy job also wakes it when done). */
  busyRetryMs?: number;
  /** Worker name stored on jobs it processes (`job.processedBy`). */
  name?: string;
}

/**
 * The worker role: takes delivery jobs from the queue and runs the App's handlers on them. Only
 * the job at the head of its target's line runs (`TargetTurns`); others are delayed and woken when
 * the line moves. A worker that dies mid-job loses its lock and BullMQ's stalled-job check hands
 * the job to another worker, which finds it still at the head of its line.
 */
export function startDeliveryWorker(options: DeliveryWorkerOptions): Worker<DeliveryJobData> {
  const lockMs = options.lockMs ?? 30_000;
  const busyRetryMs = options.busyRetryMs ?? 2_000;
  const turns = new TargetTurns(options.connection);
  const stateOf = (id: string) => options.queue.getJobState(id);

  const processor = async (job: Job<DeliveryJobData>, token?: string): Promise<void> => {
    const data = job.data;
    const jobId = job.id!;
    if (!(await turns.isTurnOf(data.targetKey, jobId, stateOf))) {
      await job.moveToDelayed(Date.now() + busyRetryMs + Math.floor(Math.random() * 100), token);
      throw new DelayedError();
    }
    const started = Date.now();
    options.metrics?.jobWaitSeconds.observe((started - data.acceptedAt) / 1000);
    const holdsLock = async () => Boolean(token) && (await job.extendLock(token!, lockMs)) === 1;
    const context: JobContext = {
      jobId,
      deliveryId: data.deliveryId,
      targetKey: data.targetKey,
      assertLease: async () => {
        if (!(await holdsLock())) throw new LeaseLostError(jobId);
      },
    };
    const event = data.action ? `${data.name}.${data.action}` : data.name;
    const fields = { jobId, deliveryId: data.deliveryId, event, target: data.targetKey, attempt: job.attemptsMade + 1 };
    let outcome = 'completed';
    let failure: string | undefined;
    let finished = true;
    try {
      await jobContext.run(context, () =>
        options.probot.receive({ id: data.deliveryId, name: data.name as 'pull_request', payload: data.payload as never }),
      );
      // The finished job stays a day so redeliveries are recognised; its payload need not stay with it.
      // Only while the job is still ours (the lock was just extended): a retry elsewhere needs it.
      if (await holdsLock().catch(() => false)) await job.updateData({ ...data, payload: null }).catch(() => undefined);
    } catch (error) {
      outcome = 'failed';
      finished = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      // Never the error object itself (nor as `cause`): Probot attaches the whole event (payload) to it.
      const summary = summarizeReceiveError(error);
      failure = hasLostLease(error) ? `lease lost: ${summary}` : summary;
      // eslint-disable-next-line preserve-caught-error -- the cause carries the payload, which must not reach Redis or logs
      throw new Error(failure);
    } finally {
      const finishedAt = Date.now();
      const ms = finishedAt - started;
      options.metrics?.jobSeconds.observe({ event: eventLabel(data.name), outcome }, (finishedAt - data.acceptedAt) / 1000);
      options.log.info(
        {
          ...fields,
          outcome,
          ...(failure ? { failure } : {}),
          durationMs: ms,
          latencyMs: finishedAt - data.acceptedAt,
          startedAt: started,
          finishedAt,
        },
        `plangate: job ${outcome}`,
      );
      // A worker that lost the job (another one runs it now) must not move the line on.
      if (finished && (await holdsLock().catch(() => false))) await wakeNext(options.queue, await turns.leave(data.targetKey, jobId));
    }
  };

  const worker = new Worker<DeliveryJobData>(DELIVERY_QUEUE, processor, {
    connection: options.connection,
    concurrency: options.concurrency ?? 10,
    lockDuration: lockMs,
    stalledInterval: Math.max(1000, Math.floor(lockMs / 2)),
    maxStalledCount: 3,
    ...(options.name ? { name: options.name } : {}),
  });
  worker.on('error', (error) => options.log.error({ failure: error.message }, 'plangate: worker error'));
  return worker;
}

/** Cuts the wait of the job now heading a line short (it was delayed while the target was busy). */
async function wakeNext(queue: Queue<DeliveryJobData>, nextId: string | undefined): Promise<void> {
  if (!nextId) return;
  const next = await Job.fromId(queue, nextId).catch(() => undefined);
  if (next && (await next.isDelayed())) await next.promote().catch(() => undefined);
}

function hasLostLease(error: unknown): boolean {
  return (error instanceof AggregateError ? error.errors : [error]).some(isLeaseLost);
}
