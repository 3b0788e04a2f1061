import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AppMetrics } from '../metrics/app-metrics.js';
import type { Readiness } from './readiness.js';
import { handleWebhook, type WebhookEndpointDeps } from './webhook-endpoint.js';

export interface AppHttpServerOptions {
  /** The webhook route and its handling; absent on a worker-only process. */
  webhook?: { path: string; deps: WebhookEndpointDeps };
  readiness: Readiness;
  metrics: AppMetrics;
}

/**
 * The App's HTTP server: the webhook route (web role), `GET /healthz` (the process answers),
 * `GET /readyz` (its dependencies answer) and `GET /metrics` (Prometheus). Slow or endless
 * requests are cut off: GitHub sends a whole delivery within seconds.
 */
export function createAppHttpServer(options: AppHttpServerOptions): Server {
  const server = createServer((req, res) => {
    route(req, res, options).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  return server;
}

async function route(req: IncomingMessage, res: ServerResponse, options: AppHttpServerOptions): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (options.webhook && path === options.webhook.path && req.method === 'POST') return handleWebhook(req, res, options.webhook.deps);
  if (req.method === 'GET' || req.method === 'HEAD') {
    if (path === '/healthz') return send(res, 200, 'application/json', JSON.stringify({ status: 'ok' }));
    if (path === '/readyz') {
      const report = await options.readiness.report();
      return send(res, report.ready ? 200 : 503, 'application/json', JSON.stringify(report));
    }
    if (path === '/metrics') return send(res, 200, options.metrics.contentType, await options.metrics.render());
  }
  // Nothing else is served; an unread body is not drained.
  res.setHeader('connection', 'close');
  send(res, 404, 'application/json', JSON.stringify({ error: 'not found' }));
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}
