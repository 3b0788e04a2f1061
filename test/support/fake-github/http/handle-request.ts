import type { IncomingMessage, ServerResponse } from 'node:http';
import { executeGraphql } from '../graphql/execute-graphql.js';
import type { OpenApiDocument } from '../openapi/openapi-types.js';
import type { RouteIndex } from '../openapi/route-index.js';
import { validateRequest } from '../openapi/validate-request.js';
import { findRepo } from '../state/create-state.js';
import { storedZip } from '../state/stored-zip.js';
import type { Actor, FakeState, TokenState } from '../state/types.js';
import type { FaultQueue } from './faults.js';
import type { RecordedRequest, ValidationFailure } from './request-log.js';
import { errorResult, notFound } from './responses.js';
import type { RouteContext, RouteHandler, RouteResult } from './route-types.js';

export interface Pipeline {
  state: FakeState;
  doc: OpenApiDocument;
  index: RouteIndex;
  /** `${METHOD} ${template}` → handler. */
  handlers: Map<string, RouteHandler>;
  faults: FaultQueue;
  requests: RecordedRequest[];
  validationErrors: ValidationFailure[];
  baseUrl: string;
  latencyMs: number;
  /** Runs before a `/repos/{owner}/{repo}/…` request is answered (git mirrors sync here). */
  beforeRepoRequest?: (owner: string, repo: string) => void;
  /** Requests per installation (or actor), for the x-ratelimit headers. */
  rateLimitUsed: Record<string, number>;
}

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

function authOf(state: FakeState, header: string | undefined): { actor: Actor; token?: TokenState } {
  const value = /^(?:token|bearer)\s+(\S+)$/i.exec(header ?? '')?.[1];
  const token = value ? state.tokens[value] : undefined;
  if (token) return { actor: token.actor, token };
  if (value && /^[\w-]+\.[\w-]+\.[\w-]+$/.test(value)) return { actor: { login: `${state.app.slug}[bot]`, type: 'Bot' } };
  return { actor: state.defaultActor };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, result: RouteResult): void {
  const headers: Record<string, string> = { 'x-github-request-id': `FAKE:${process.hrtime.bigint()}`, ...result.headers };
  if (result.raw !== undefined) {
    res.writeHead(result.status, { 'content-type': 'application/octet-stream', ...headers });
    res.end(result.raw);
  } else if (result.body === undefined || result.status === 204) {
    res.writeHead(result.status, headers);
    res.end();
  } else {
    res.writeHead(result.status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(result.body));
  }
}

/**
 * One request through the fake. Whatever goes wrong inside the fake, the client gets an answer
 * (500, recorded as a `fake-error`): a request left unanswered hangs the test that made it.
 */
export async function handleRequest(p: Pipeline, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    await answerRequest(p, req, res);
  } catch (error) {
    p.validationErrors.push({
      kind: 'fake-error',
      method: (req.method ?? 'GET').toUpperCase(),
      path: req.url ?? '/',
      problems: [error instanceof Error ? (error.stack ?? error.message) : String(error)],
    });
    if (res.headersSent) res.destroy();
    else send(res, errorResult(500, 'fake-github crashed'));
  }
}

/** parse → validate → record → fault → permissions → handler. */
async function answerRequest(p: Pipeline, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const url = new URL(req.url ?? '/', p.baseUrl);
  // GitHub Enterprise Server's layout: REST under /api/v3, GraphQL at /api/graphql (Octokit's baseUrl `…/api/v3`).
  url.pathname = url.pathname.replace(/^\/api\/v3(?=\/)/, '').replace(/^\/api\/graphql$/, '/graphql');
  const raw = await readBody(req);
  if (p.latencyMs) await new Promise((r) => setTimeout(r, p.latencyMs));

  const artifact = /^\/_fake\/artifacts\/(\d+)\.zip$/.exec(url.pathname);
  if (artifact) {
    const found = Object.values(p.state.repos)
      .flatMap((r) => r.workflowRuns.flatMap((w) => w.artifacts))
      .find((a) => a.id === Number(artifact[1]));
    return send(res, found ? { status: 200, raw: storedZip(found.files), headers: { 'content-type': 'application/zip' } } : notFound());
  }

  const { actor, token } = authOf(p.state, req.headers.authorization);
  const entry: RecordedRequest = {
    method,
    path: url.pathname + url.search,
    status: 0,
    actor: actor.login,
    at: Date.now(),
    ...(token?.installationId ? { installationId: token.installationId } : {}),
  };
  p.requests.push(entry);
  // GitHub's rate-limit headers: 5,000 an hour per installation (or per actor), counted from the start.
  const limitKey = token?.installationId ? `installation:${token.installationId}` : `actor:${actor.login}`;
  const used = (p.rateLimitUsed[limitKey] = (p.rateLimitUsed[limitKey] ?? 0) + 1);
  const resource = url.pathname === '/graphql' ? 'graphql' : 'core';
  res.setHeader('x-ratelimit-limit', '5000');
  res.setHeader('x-ratelimit-used', String(used));
  res.setHeader('x-ratelimit-remaining', String(Math.max(0, 5000 - used)));
  res.setHeader('x-ratelimit-resource', resource);
  const fail = (kind: ValidationFailure['kind'], problems: string[], result: RouteResult) => {
    p.validationErrors.push({ kind, method, path: entry.path, route: entry.route, problems });
    entry.status = result.status;
    send(res, result);
  };

  let body: unknown;
  if (raw.length) {
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return fail('invalid-request', ['body: not JSON'], errorResult(400, 'Problems parsing JSON'));
    }
  }

  const isGraphql = url.pathname === '/graphql' && method === 'POST';
  const match = isGraphql ? undefined : p.index.match(method, url.pathname);
  if (isGraphql) entry.route = 'POST /graphql';
  else if (match?.kind === 'ok') entry.route = `${method} ${match.template}`;
  else if (match?.kind === 'unknown-method')
    return fail('unknown-method', [`${method} is not an operation of ${match.template}`], notFound());
  else return fail('unknown-route', [`no operation in GitHub's OpenAPI description matches ${method} ${url.pathname}`], notFound());

  const query = Object.fromEntries(url.searchParams);
  if (match?.kind === 'ok') {
    const problems = validateRequest(p.doc, match.operation, { params: match.params, query, body });
    if (problems.length)
      return fail(
        'invalid-request',
        problems,
        errorResult(400, `fake-github: invalid request for ${match.operation.operationId}`, { errors: problems }),
      );
  }

  const fault = p.faults.take(method, isGraphql ? '/graphql' : match?.kind === 'ok' ? match.template : undefined, url.pathname);
  if (fault?.reset) {
    entry.status = 'reset';
    req.socket.destroy();
    return;
  }
  if (fault) {
    entry.status = fault.status;
    return send(res, { status: fault.status, body: fault.body, headers: fault.headers });
  }

  if (isGraphql) {
    const outcome = await executeGraphql(p.state, actor, (body ?? {}) as Record<string, unknown>);
    entry.objectFields = outcome.objectFields;
    if (outcome.problems.length) return fail('graphql', outcome.problems, { status: 200, body: outcome.response });
    entry.status = 200;
    return send(res, { status: 200, body: outcome.response });
  }
  if (match?.kind !== 'ok') return;

  if (token?.readOnly && WRITES.has(method) && !match.template.startsWith('/app/')) {
    entry.status = 403;
    return send(res, errorResult(403, 'Resource not accessible by integration'));
  }
  if (match.params.owner && match.params.repo) p.beforeRepoRequest?.(match.params.owner, match.params.repo);
  const repo = match.params.owner && match.params.repo ? findRepo(p.state, match.params.owner, match.params.repo) : undefined;
  if (match.template.startsWith('/repos/{owner}/{repo}') && !repo) {
    entry.status = 404;
    return send(res, notFound());
  }
  const handler = p.handlers.get(entry.route!);
  if (!handler)
    return fail(
      'not-implemented',
      [`${entry.route} is valid but the fake does not answer it yet (add it under test/support/fake-github/routes/)`],
      errorResult(501, 'Not implemented by fake-github'),
    );

  const ctx = {
    state: p.state,
    method,
    template: match.template,
    params: match.params,
    query,
    body,
    headers: req.headers,
    actor,
    token,
    baseUrl: p.baseUrl,
    url,
  } as RouteContext;
  Object.defineProperty(ctx, 'repo', {
    get: () => {
      if (!repo) throw new Error(`fake-github: ${match.template} has no {owner}/{repo}`);
      return repo;
    },
  });
  let result: RouteResult;
  try {
    result = handler(ctx);
  } catch (error) {
    return fail(
      'fake-error',
      [error instanceof Error ? (error.stack ?? error.message) : String(error)],
      errorResult(500, 'fake-github crashed'),
    );
  }
  entry.status = result.status;
  send(res, result);
}
