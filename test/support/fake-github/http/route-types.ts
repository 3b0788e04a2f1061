import type { IncomingHttpHeaders } from 'node:http';
import type { Actor, FakeState, RepoState, TokenState } from '../state/types.js';

export interface RouteContext {
  state: FakeState;
  method: string;
  /** The OpenAPI path template that matched. */
  template: string;
  /** Decoded path parameters. */
  params: Record<string, string>;
  query: Record<string, string>;
  /** Parsed JSON body (already validated against the operation's schema). */
  body: unknown;
  headers: IncomingHttpHeaders;
  actor: Actor;
  token?: TokenState;
  /** The repository of `/repos/{owner}/{repo}/…` routes (a 404 is sent before the handler runs when it is missing). */
  repo: RepoState;
  /** `http://127.0.0.1:<port>`, for urls in responses and pagination links. */
  baseUrl: string;
  url: URL;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON (raw media type, zip downloads). */
  raw?: string | Uint8Array;
}

export type RouteHandler = (ctx: RouteContext) => RouteResult;

/** One implemented operation. `path` must be the OpenAPI template exactly (checked at start). */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  handle: RouteHandler;
}
