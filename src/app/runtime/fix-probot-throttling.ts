import { fixBottleneckOnRedis7 } from './bottleneck-redis7.js';

interface OctokitOptions {
  auth?: { installationId?: number | string };
  throttle?: { id?: string; [option: string]: unknown };
  [option: string]: unknown;
}

/** The throttling plugin's answer to "retry after this rate limit?": never; the request policy decides. */
const LEAVE_TO_REQUEST_POLICY = () => false;

/**
 * Octokit options for @octokit/plugin-throttling, set where Probot leaves them wrong for the App:
 * - `id`: the installation. Probot gives the Octokit of every webhook event the id "no-id", so one
 *   limiter — and with `REDIS_URL` one Redis-clustered limiter for every replica — would space the
 *   writes of all installations together (1 write/s for the whole App). GitHub's limits are per
 *   installation; so are ours.
 * - `onRateLimit` / `onSecondaryRateLimit`: no retry inside the plugin. Probot's retry a primary
 *   limit up to three times, each time until the limit resets (up to an hour); the request policy
 *   (`request-policy.ts`) retries rate limits a bounded number of times and never waits past its limit.
 * Bottleneck's Redis connection is also made able to recover on Redis 7 (`fixBottleneckOnRedis7`).
 */
export function fixProbotThrottling(options: OctokitOptions): OctokitOptions {
  if (!options.throttle) return options;
  fixBottleneckOnRedis7(options.throttle.connection);
  const throttle = { ...options.throttle, onRateLimit: LEAVE_TO_REQUEST_POLICY, onSecondaryRateLimit: LEAVE_TO_REQUEST_POLICY };
  const installationId = options.auth?.installationId;
  if (installationId && (!throttle.id || throttle.id === 'no-id')) throttle.id = String(installationId);
  return { ...options, throttle };
}
