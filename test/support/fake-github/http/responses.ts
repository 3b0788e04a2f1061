import type { RouteResult } from './route-types.js';

const DOCS = 'https://docs.github.com/rest';

export const json = (status: number, body: unknown, headers?: Record<string, string>): RouteResult => ({ status, body, headers });
export const noContent = (): RouteResult => ({ status: 204 });

/** GitHub's error body: `{ message, documentation_url, status }`. */
export function errorResult(status: number, message: string, extra: Record<string, unknown> = {}): RouteResult {
  return { status, body: { message, documentation_url: DOCS, status: String(status), ...extra } };
}

export const notFound = (): RouteResult => errorResult(404, 'Not Found');

/** 422 the way GitHub words validation failures. */
export function unprocessable(message: string, errors?: unknown[]): RouteResult {
  return errorResult(422, message, errors ? { errors } : {});
}
