import type { EndpointOptions, RequestHook } from '../github/app-octokit.js';
import type { AppMetrics } from './app-metrics.js';

interface PluginOctokit {
  hook: { wrap(name: 'request', hook: RequestHook): void };
}

interface HttpAnswer {
  status?: number;
  headers?: Record<string, string | number | undefined>;
  response?: { headers?: Record<string, string | number | undefined> };
}

/**
 * An Octokit plugin (for `ProbotOctokit.plugin`) that counts every GitHub request by method, route
 * template and status, and keeps each installation's `x-ratelimit-remaining` per resource.
 */
export function requestMetricsPlugin(metrics: AppMetrics) {
  return (octokit: PluginOctokit, options: { auth?: { installationId?: number | string } }) => {
    const installation = options.auth?.installationId ? String(options.auth.installationId) : 'app';
    octokit.hook.wrap('request', async (request, endpoint) => {
      const labels = { method: endpoint.method.toUpperCase(), route: routeLabel(endpoint) };
      try {
        const answer = (await request(endpoint)) as HttpAnswer;
        record(metrics, installation, labels, answer.status, answer.headers);
        return answer;
      } catch (error) {
        const failed = error as HttpAnswer;
        record(metrics, installation, labels, failed.status, failed.response?.headers);
        throw error;
      }
    });
  };
}

function record(
  metrics: AppMetrics,
  installation: string,
  labels: { method: string; route: string },
  status: number | undefined,
  headers: HttpAnswer['headers'],
): void {
  metrics.githubRequests.inc({ ...labels, status: status ? String(status) : 'network-error' });
  const remaining = Number(headers?.['x-ratelimit-remaining']);
  if (headers?.['x-ratelimit-remaining'] !== undefined && Number.isFinite(remaining)) {
    metrics.rateLimitRemaining.set({ installation, resource: String(headers['x-ratelimit-resource'] ?? 'core') }, remaining);
  }
}

/**
 * The route template (`/repos/{owner}/{repo}/pulls/{pull_number}`). A full URL (a pagination link)
 * has its repository and ids folded, so label values stay bounded however many repositories there are.
 */
export function routeLabel(endpoint: Pick<EndpointOptions, 'url'>): string {
  const url = endpoint.url;
  if (!/^https?:\/\//.test(url)) return url.split('?')[0]!;
  try {
    return new URL(url).pathname
      .replace(/^\/api\/v3(?=\/)/, '')
      .replace(/^\/repos\/[^/]+\/[^/]+/, '/repos/{owner}/{repo}')
      .replace(/\/\d+(?=\/|$)/g, '/{id}');
  } catch {
    return 'other';
  }
}
