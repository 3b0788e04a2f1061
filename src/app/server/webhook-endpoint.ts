import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppMetrics, DeliveryOutcome } from '../metrics/app-metrics.js';
import { eventLabel } from '../metrics/event-label.js';
import type { VerifiedDelivery } from '../queue/delivery-producer.js';
import type { BodyBudget } from './body-budget.js';
import { readCappedBody } from './read-capped-body.js';
import { signatureMatches } from './signature-matches.js';

/** GitHub caps webhook payloads at 25 MB and does not send larger ones. */
export const GITHUB_WEBHOOK_MAX_BYTES = 25 * 1024 * 1024;

export type AcceptOutcome = 'accepted' | 'duplicate' | 'ignored';

export interface WebhookEndpointDeps {
  maxBodyBytes?: number;
  /** Body bytes this process holds at once, across connections (past it: 503). */
  budget: BodyBudget;
  /** The webhook secret `X-Hub-Signature-256` is checked against (HMAC-SHA256 of the raw body). */
  secret: string;
  /** Hands a verified delivery on (queue it, or run it in this process); throws when it cannot. */
  accept(delivery: VerifiedDelivery): Promise<AcceptOutcome>;
  metrics?: AppMetrics;
  log: { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };
}

const DELIVERY_ID = /^[\w.-]{1,128}$/;
const EVENT_NAME = /^[a-z_]{1,64}$/;

/**
 * `POST /api/github/webhooks`: headers first, then the size (Content-Length, then a streaming
 * cap, and the process's budget of body bytes in flight), then the signature over the raw bytes,
 * and only then JSON. The answer comes as soon as the delivery is handed on — the work happens in
 * a worker. Logs name the delivery, never its body; metrics name the event only from a fixed set.
 */
export async function handleWebhook(req: IncomingMessage, res: ServerResponse, deps: WebhookEndpointDeps): Promise<void> {
  const started = performance.now();
  const maxBytes = deps.maxBodyBytes ?? GITHUB_WEBHOOK_MAX_BYTES;
  const name = header(req, 'x-github-event');
  const id = header(req, 'x-github-delivery');
  const signature = header(req, 'x-hub-signature-256');
  const answer = (status: number, outcome: DeliveryOutcome, message: string, close = false) => {
    deps.metrics?.deliveries.inc({ event: eventLabel(name), outcome });
    deps.metrics?.ackSeconds.observe({ outcome }, (performance.now() - started) / 1000);
    const fields = {
      deliveryId: id && DELIVERY_ID.test(id) ? id : undefined,
      event: name && EVENT_NAME.test(name) ? name : 'unknown',
      outcome,
      status,
      ackMs: Math.round(performance.now() - started),
    };
    if (status >= 400) deps.log.warn(fields, `webhook rejected: ${message}`);
    else deps.log.info(fields, `webhook ${outcome}`);
    if (close) res.setHeader('connection', 'close');
    if (status === 503) res.setHeader('retry-after', '5');
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(status >= 400 ? { error: message } : { ok: true, outcome }));
    // An unread body is not drained: the connection is dropped once the answer is out.
    if (close) res.once('finish', () => req.socket.destroy());
  };

  if (!name || !id || !signature || !DELIVERY_ID.test(id) || !EVENT_NAME.test(name)) {
    return answer(400, 'bad-request', 'missing or malformed X-GitHub-Event, X-GitHub-Delivery or X-Hub-Signature-256', true);
  }
  if (!/^application\/json\b/i.test(header(req, 'content-type') ?? '')) {
    return answer(415, 'bad-request', 'the webhook content type must be application/json', true);
  }
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    return answer(413, 'too-large', `body of ${declared} bytes is over GitHub's webhook maximum of ${maxBytes} bytes`, true);
  }
  const read = await readCappedBody(req, { maxBytes, budget: deps.budget });
  if (read.kind === 'aborted') return;
  if (read.kind === 'too-large') return answer(413, 'too-large', `body is over GitHub's webhook maximum of ${maxBytes} bytes`, true);
  if (read.kind === 'over-budget') {
    return answer(503, 'busy', 'too many webhook bytes in flight; GitHub can redeliver it', true);
  }
  try {
    if (!signatureMatches(deps.secret, read.blocks, signature)) {
      return answer(400, 'bad-signature', 'signature does not match (check WEBHOOK_SECRET)');
    }
    const text = Buffer.concat(read.blocks, read.size).toString('utf8');
    read.blocks.length = 0;
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch {
      return answer(400, 'bad-request', 'body is not JSON');
    }
    try {
      const outcome = await deps.accept({ id, name, payload });
      return answer(outcome === 'accepted' ? 202 : 200, outcome, outcome);
    } catch (error) {
      deps.log.error(
        { deliveryId: id, event: name, failure: error instanceof Error ? error.message : String(error) },
        'webhook could not be queued',
      );
      return answer(503, 'unavailable', 'the delivery could not be queued; GitHub can redeliver it');
    }
  } finally {
    read.account.close();
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value ? value : undefined;
}
