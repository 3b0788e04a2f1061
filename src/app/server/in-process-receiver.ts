import type { Probot } from 'probot';
import type { VerifiedDelivery } from '../queue/delivery-producer.js';
import { summarizeReceiveError } from '../runtime/summarize-receive-error.js';

/**
 * Single-process mode (no `REDIS_URL`): the delivery is answered at once and its handlers run in
 * this process afterwards, one at a time per pull request or issue (the App's in-process queue).
 * Nothing survives a restart — GitHub's redelivery is the retry — which is why production uses the queue.
 */
export class InProcessReceiver {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly probot: Probot,
    private readonly log: { error(o: object, m?: string): void },
  ) {}

  accept(delivery: VerifiedDelivery): 'accepted' {
    const work = this.probot
      .receive({ id: delivery.id, name: delivery.name as 'pull_request', payload: delivery.payload as never })
      .catch((error: unknown) =>
        this.log.error(
          { deliveryId: delivery.id, event: delivery.name, failure: summarizeReceiveError(error) },
          'plangate: delivery failed',
        ),
      )
      .finally(() => this.running.delete(work));
    this.running.add(work);
    return 'accepted';
  }

  /** Waits for the deliveries in progress (shutdown). */
  async drain(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
