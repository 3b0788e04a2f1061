import type { EndpointOptions, RequestHook } from '../github/app-octokit.js';
import { jobContext } from './job-context.js';

interface PluginOctokit {
  hook: { wrap(name: 'request', hook: RequestHook): void };
}

type Fetch = typeof fetch;
const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/**
 * An Octokit plugin that fences GitHub writes with the job's lease: right before a write leaves
 * the process (after any throttling wait), the worker re-asserts its BullMQ job lock, so a worker
 * that stalled and lost its job to another worker cannot write check runs, comments or dispatches.
 * The job is captured when the event's Octokit is created (inside the job), not read per request,
 * because the throttling queue may run a request from another job's async context.
 */
export function leaseGuardPlugin(octokit: PluginOctokit): void {
  const job = jobContext.getStore();
  if (!job) return;
  octokit.hook.wrap('request', (request, options) => {
    if (!isWrite(options)) return request(options);
    const inner = (options.request?.fetch as Fetch | undefined) ?? fetch;
    const guarded: Fetch = async (input, init) => {
      await job.assertLease();
      return inner(input, init);
    };
    // Hook chains hand every layer the same options object: set the fetch on it, not on a copy.
    options.request = { ...options.request, fetch: guarded };
    return request(options);
  });
}

/** Writes that change GitHub: not GraphQL queries (the App only reads there) and not minting a token. */
function isWrite(options: EndpointOptions): boolean {
  if (!WRITES.has(options.method.toUpperCase())) return false;
  const path = options.url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
  return !path.endsWith('/graphql') && !/\/app\/installations\/[^/]+\/access_tokens$/.test(path);
}
