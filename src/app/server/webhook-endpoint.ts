import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AppMetrics, DeliveryOutcome } from '../metrics/app-metrics.js';
import type { VerifiedDelivery } from '../queue/delivery-producer.js';
import { readCappedBody } from './read-capped-body.js';

/** GitHub caps webhook payloads at 25 MB and does not send larger ones. */
export const GITHUB_WEBHOOK_MAX_BYTES = 25 * 1024 * 1024;

export type AcceptOutcome = 'accepted' | 'duplicate' | 'ignored';

export interface WebhookEndpointDeps {
  maxBodyBytes?: number;
  /** HMAC check of the raw body against `X-Hub-Signature-256` (Probot's `webhooks.verify`). */
  verify(payload: string, signature: string): Promise<boolean>;
  /** Hands a verified delivery on (queue it, or run it in this process); throws when it cannot. */
  accept(delivery: VerifiedDelivery): Promise<AcceptOutcome>;
  metrics?: AppMetrics;
  log: { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };
}

const DELIVERY_ID = /^[\w.-]{1,128}$/;
const EVENT_NAME = /^[a-z_]{1,64}$/;

/**
 * `POST /api/github/webhooks`: headers first, then the size (Content-Length, then a streaming
 * cap), then the signature over the raw bytes, and only then JSON. The answer comes as soon as the
 * delivery is handed on — the work happens in a worker. Logs name the delivery, never its body.
 */
export async function handleWebhook(req: IncomingMessage, res: ServerResponse, deps: WebhookEndpointDeps): Promise<void> {
  const started = performance.now();
  const maxBytes = deps.maxBodyBytes ?? GITHUB_WEBHOOK_MAX_BYTES;
  const name = header(req, 'x-github-event');
  const id = header(req, 'x-github-delivery');
  const signature = header(req, 'x-hub-signature-256');
  const answer = (status: number, outcome: DeliveryOutcome, message: string, close = false) => {
    const event = name && EVENT_NAME.test(name) ? name : 'unknown';
    deps.metrics?.deliveries.inc({ event, outcome });
    deps.metrics?.ackSeconds.observe({ outcome }, (performance.now() - started) / 1000);
    const fields = {
      deliveryId: id && DELIVERY_ID.test(id) ? id : undefined,
      event,
      outcome,
      status,
      ackMs: Math.round(performance.now() - started),
    };
    if (status >= 400) deps.log.warn(fields, `webhook rejected: ${message}`);
    else deps.log.info(fields, `webhook ${outcome}`);
    if (close) res.setHeader('connection', 'close');
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
  const read = await readCappedBody(req, maxBytes);
  if (read.kind === 'aborted') return;
  if (read.kind === 'too-large') return answer(413, 'too-large', `body is over GitHub's webhook maximum of ${maxBytes} bytes`, true);

  const text = read.body.toString('utf8');
  if (!(await deps.verify(text, signature).catch(() => false))) {
    return answer(400, 'bad-signature', 'signature does not match (check WEBHOOK_SECRET)');
  }
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
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value ? value : undefined;
}
