import { fixBottleneckOnRedis7 } from './bottleneck-redis7.js';

interface OctokitOptions {
  auth?: { installationId?: number | string };
  throttle?: { id?: string; [option: string]: unknown };
  [option: string]: unknown;
}

/**
 * Octokit options with the throttling group id set to the installation (and Bottleneck's Redis
 * connection able to recover on Redis 7, see `fixBottleneckOnRedis7`). Probot gives the
 * Octokit of every webhook event the throttle id "no-id", so one limiter — and with `REDIS_URL`
 * one Redis-clustered limiter for every replica — would space the writes of all installations
 * together (1 write/s for the whole App). GitHub's limits are per installation; so are ours.
 */
export function fixProbotThrottling(options: OctokitOptions): OctokitOptions {
  fixBottleneckOnRedis7(options.throttle?.connection);
  const installationId = options.auth?.installationId;
  if (!installationId || !options.throttle || (options.throttle.id && options.throttle.id !== 'no-id')) return options;
  return { ...options, throttle: { ...options.throttle, id: String(installationId) } };
}
