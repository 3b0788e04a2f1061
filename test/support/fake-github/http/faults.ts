export interface FaultSpec {
  /** HTTP method to match (any when omitted). */
  method?: string;
  /** OpenAPI template (`/repos/{owner}/{repo}/git/trees/{tree_sha}`) or `/graphql` (any when omitted). */
  route?: string;
  /** Only requests whose URL path starts with this, e.g. `/repos/acme/.github/` (any when omitted). */
  path?: string;
  /** Status to answer with (default 500); ignored with `reset`. */
  status?: number;
  headers?: Record<string, string>;
  /** Response body (default: GitHub's message for the status). */
  body?: unknown;
  /** Destroy the connection instead of answering (a network reset). */
  reset?: boolean;
  /** How many matching requests fail (default 1). */
  times?: number;
}

interface ArmedFault extends FaultSpec {
  left: number;
}

function defaultBody(spec: FaultSpec): unknown {
  const status = spec.status ?? 500;
  if (status === 403 && spec.headers?.['retry-after'] !== undefined) {
    return {
      message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      documentation_url: 'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
      status: '403',
    };
  }
  const messages: Record<number, string> = { 404: 'Not Found', 500: 'Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable' };
  return {
    message: messages[status] ?? `Injected failure ${status}`,
    documentation_url: 'https://docs.github.com/rest',
    status: String(status),
  };
}

/** Faults armed by a test; each matching request consumes one until none is left. */
export class FaultQueue {
  private readonly armed: ArmedFault[] = [];

  add(spec: FaultSpec): void {
    this.armed.push({ ...spec, left: spec.times ?? 1 });
  }

  /** The fault for this request, consumed, or undefined. */
  take(method: string, route: string | undefined, path = ''): (FaultSpec & { body: unknown; status: number }) | undefined {
    const index = this.armed.findIndex(
      (f) => (!f.method || f.method.toUpperCase() === method) && (!f.route || f.route === route) && (!f.path || path.startsWith(f.path)),
    );
    if (index < 0) return undefined;
    const fault = this.armed[index]!;
    if (--fault.left <= 0) this.armed.splice(index, 1);
    return { ...fault, status: fault.status ?? 500, body: fault.body ?? defaultBody(fault) };
  }

  get pending(): number {
    return this.armed.reduce((n, f) => n + f.left, 0);
  }

  clear(): void {
    this.armed.length = 0;
  }
}

/** A 403 secondary rate limit the way GitHub sends it. */
export function secondaryRateLimit(retryAfterSeconds = 1): FaultSpec {
  return { status: 403, headers: { 'retry-after': String(retryAfterSeconds) } };
}
