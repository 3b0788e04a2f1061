import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { DELIVERY_JOB_OPTIONS, DELIVERY_QUEUE, jobIdOf, type DeliveryJobData } from './delivery-job.js';
import { targetKeyOf } from './target-key-of.js';
import { TargetTurns } from './target-turns.js';

export interface VerifiedDelivery {
  id: string;
  name: string;
  payload: unknown;
}

export type EnqueueOutcome = 'accepted' | 'duplicate';

/**
 * The web role's side of the queue: a verified delivery becomes one durable BullMQ job (id =
 * delivery id) after joining its target's line. A redelivery or a concurrent twin of a delivery
 * that is still known is answered as a duplicate and queues nothing.
 */
export class DeliveryProducer {
  readonly queue: Queue<DeliveryJobData>;
  private readonly turns: TargetTurns;

  constructor(connection: Redis) {
    this.queue = new Queue<DeliveryJobData>(DELIVERY_QUEUE, { connection });
    this.turns = new TargetTurns(connection);
  }

  async enqueue(delivery: VerifiedDelivery): Promise<EnqueueOutcome> {
    const jobId = jobIdOf(delivery.id);
    if (await this.queue.getJob(jobId)) return 'duplicate';
    const targetKey = targetKeyOf(delivery.name, delivery.id, delivery.payload);
    if (!(await this.turns.join(targetKey, jobId))) return 'duplicate';
    const action = (delivery.payload as { action?: unknown } | null)?.action;
    const data: DeliveryJobData = {
      deliveryId: delivery.id,
      name: delivery.name,
      ...(typeof action === 'string' ? { action } : {}),
      payload: delivery.payload,
      targetKey,
      acceptedAt: Date.now(),
    };
    await this.queue.add(delivery.name, data, { ...DELIVERY_JOB_OPTIONS, jobId });
    return 'accepted';
  }

  /** Queue depth by state, for `/metrics`. */
  counts(): Promise<Record<string, number>> {
    return this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed');
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
