import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AppMetrics } from '../metrics/app-metrics.js';
import type { Readiness } from './readiness.js';
import { handleWebhook, type WebhookEndpointDeps } from './webhook-endpoint.js';

export interface AppHttpServerOptions {
  /** The webhook route and its handling (the public server of the web role). */
  webhook?: { path: string; deps: WebhookEndpointDeps };
  /** `GET /readyz` (the operations server). */
  readiness?: Readiness;
  /** `GET /metrics` (the operations server). */
  metrics?: AppMetrics;
}

/**
 * One of the App's HTTP servers: `GET /healthz` (the process answers) and the routes it is given.
 * The public server (`PORT`) has only the webhook route: what is behind the load balancer GitHub
 * reaches. `/readyz` (which names failing dependencies) and `/metrics` are on the operations
 * server (`METRICS_PORT`), for probes and Prometheus only. Slow or endless requests are cut
 * off: GitHub sends a whole delivery within seconds.
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
    if (path === '/readyz' && options.readiness) {
      const report = await options.readiness.report();
      return send(res, report.ready ? 200 : 503, 'application/json', JSON.stringify(report));
    }
    if (path === '/metrics' && options.metrics) return send(res, 200, options.metrics.contentType, await options.metrics.render());
  }
  // Nothing else is served; an unread body is not drained.
  res.setHeader('connection', 'close');
  send(res, 404, 'application/json', JSON.stringify({ error: 'not found' }));
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}
