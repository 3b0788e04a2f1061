import type { AppOctokit, EndpointOptions } from '../github/app-octokit.js';
import { isLeaseLost } from '../queue/job-context.js';

export interface RetryPolicy {
  /** Retries after the first attempt (so at most `maxRetries + 1` attempts). */
  maxRetries: number;
  /** Multiplies every wait (1 in production; tests use a tiny factor so no test sleeps for real). */
  waitScale: number;
  /** A `retry-after` longer than this is not waited for: the evaluation fails (neutral) instead. */
  maxWaitSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 2, waitScale: 1, maxWaitSeconds: 60 };

export interface RequestStats {
  /** HTTP attempts made through this Octokit (retries included). */
  requests: number;
  retries: number;
}

/** GitHub suggests waiting at least a minute after a secondary rate limit that names no time. */
const SECONDARY_FALLBACK_SECONDS = 60;
const INSTALLED = new WeakMap<object, RequestStats>();
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE']);

interface HttpError {
  status?: number;
  message?: string;
  response?: { headers?: Record<string, string | number | undefined> };
}

/**
 * One bounded retry policy for an event's Octokit, and a request counter for the logs.
 * Probot's throttling only logs secondary rate limits and plugin-retry waits seconds
 * between 5xx retries; this retries both a bounded number of times, honours
 * `retry-after` and a primary limit's reset, scales waits for tests, and turns plugin-retry
 * off (and the throttling plugin's retries, `fixProbotThrottling`) so only one policy counts.
 * POSTs (other than GraphQL queries) are retried only on rate limits, which GitHub never applied.
 */
export function installRequestPolicy(octokit: Pick<AppOctokit, 'hook'>, policy: RetryPolicy, sleep = defaultSleep): RequestStats {
  // One delivery may run several flows on its Octokit (a command, then the PR's re-evaluation): install once.
  const installed = INSTALLED.get(octokit);
  if (installed) return installed;
  const stats: RequestStats = { requests: 0, retries: 0 };
  INSTALLED.set(octokit, stats);
  // Registered first, so it sits inside the retry hook and counts every attempt.
  octokit.hook.wrap('request', (request, options) => {
    stats.requests++;
    return request(options);
  });
  octokit.hook.wrap('request', async (request, options) => {
    options.request = { ...options.request, retries: 0 };
    for (let attempt = 1; ; attempt++) {
      try {
        return await request(options);
      } catch (error) {
        // A worker that lost its job must stop, not retry: another worker runs the job now.
        const retryable = attempt <= policy.maxRetries && !isLeaseLost(error);
        const waitSeconds = retryable ? retryWaitSeconds(error as HttpError, options, attempt, policy) : undefined;
        if (waitSeconds === undefined) throw Object.assign(error as object, { plangateAttempts: attempt });
        stats.retries++;
        await sleep(waitSeconds * 1000 * policy.waitScale);
      }
    }
  });
  return stats;
}

function retryWaitSeconds(error: HttpError, options: EndpointOptions, attempt: number, policy: RetryPolicy): number | undefined {
  const status = error.status ?? 0;
  const headers = error.response?.headers ?? {};
  const retryAfter = Number(headers['retry-after']);
  // A primary rate limit: the quota is spent until `x-ratelimit-reset` (epoch seconds).
  const resetAt = String(headers['x-ratelimit-remaining']) === '0' ? Number(headers['x-ratelimit-reset']) : NaN;
  const rateLimited =
    status === 429 ||
    (status === 403 && (Number.isFinite(retryAfter) || Number.isFinite(resetAt) || /secondary rate limit/i.test(error.message ?? '')));
  if (rateLimited) {
    const wait = Number.isFinite(retryAfter)
      ? retryAfter
      : Number.isFinite(resetAt)
        ? Math.max(0, Math.ceil(resetAt - Date.now() / 1000) + 1)
        : SECONDARY_FALLBACK_SECONDS;
    return wait <= policy.maxWaitSeconds ? wait : undefined;
  }
  const replayable = IDEMPOTENT.has(options.method.toUpperCase()) || options.url === '/graphql';
  if (status >= 500 && replayable) return Math.min(2 ** (attempt - 1), policy.maxWaitSeconds);
  return undefined;
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
