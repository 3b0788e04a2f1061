export interface RecordedRequest {
  method: string;
  /** Path and query as sent. */
  path: string;
  /** `GET /repos/{owner}/{repo}/git/trees/{tree_sha}`, `POST /graphql`, or undefined for unknown routes. */
  route?: string;
  /** Status answered, or `reset` for an injected connection reset. */
  status: number | 'reset';
  actor: string;
  /** For GraphQL: the number of `object(...)` fields (blob batch size). */
  objectFields?: number;
  /** When it arrived (ms since epoch, real time) and, for installation tokens, whose installation it was. */
  at?: number;
  installationId?: number;
}

export interface ValidationFailure {
  kind: 'unknown-route' | 'unknown-method' | 'invalid-request' | 'graphql' | 'not-implemented' | 'fake-error';
  method: string;
  path: string;
  route?: string;
  problems: string[];
}

export interface RequestCounts {
  total: number;
  rest: number;
  graphql: number;
  byRoute: Record<string, number>;
}

export function countRequests(requests: readonly RecordedRequest[]): RequestCounts {
  const byRoute: Record<string, number> = {};
  for (const r of requests) {
    const key = r.route ?? `${r.method} ${r.path}`;
    byRoute[key] = (byRoute[key] ?? 0) + 1;
  }
  const graphql = requests.filter((r) => r.route === 'POST /graphql').length;
  return { total: requests.length, rest: requests.length - graphql, graphql, byRoute };
}
