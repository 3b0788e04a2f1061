import type { JobsOptions } from 'bullmq';

export const DELIVERY_QUEUE = 'plangate-deliveries';

/** One verified webhook delivery, as queued for a worker. */
export interface DeliveryJobData {
  /** `X-GitHub-Delivery` (a redelivery keeps it). */
  deliveryId: string;
  /** `X-GitHub-Event`. */
  name: string;
  action?: string;
  /** The webhook payload (null once the job has finished: only the record stays, for redeliveries). */
  payload: unknown;
  /** What the work is about (`targetKeyOf`): jobs with one key never run at once. */
  targetKey: string;
  /** When the web role accepted it (ms since epoch). */
  acceptedAt: number;
}

/**
 * The job id of a delivery: the delivery id, so a redelivery (GitHub keeps `X-GitHub-Delivery`)
 * finds the job already there. Prefixed because BullMQ rejects integer-like custom ids.
 */
export function jobIdOf(deliveryId: string): string {
  return `gh-${deliveryId}`;
}

/**
 * Retries with backoff for a job that threw (a crashed worker's job comes back through BullMQ's
 * stalled-job check instead). Finished jobs are kept a day so redeliveries in that time are
 * recognised; failed ones a week, for inspection.
 */
export const DELIVERY_JOB_OPTIONS: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: { age: 24 * 3600, count: 100_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 100_000 },
};
