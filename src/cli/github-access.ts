import type { OctokitRequester, OctokitResponseLike } from '../github/octokit-like.js';
import { gitText } from '../sources/git.js';

export interface GitHubAccess {
  requester?: OctokitRequester;
  owner?: string;
  /** Why there is no API access, for messages. */
  noGitHub: string;
}

/**
 * The CLI's way to GitHub for `_extends: owner/repo`: a token from GITHUB_TOKEN or GH_TOKEN, the API
 * from GITHUB_API_URL (GitHub Enterprise), the owner from GITHUB_REPOSITORY or the origin remote.
 * Plain `fetch`: the CLI loads no Octokit for one GET.
 */
export async function gitHubAccess(env: Record<string, string | undefined>, dir: string): Promise<GitHubAccess> {
  const owner = env.GITHUB_REPOSITORY?.split('/')[0] || (await ownerFromOrigin(dir));
  const token = env.GITHUB_TOKEN || env.GH_TOKEN;
  if (!token) return { ...(owner ? { owner } : {}), noGitHub: 'no token was given (set GITHUB_TOKEN or GH_TOKEN)' };
  const api = (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, '');
  return { requester: fetchRequester(api, token), ...(owner ? { owner } : {}), noGitHub: '' };
}

async function ownerFromOrigin(dir: string): Promise<string | undefined> {
  const url = await gitText(dir, ['remote', 'get-url', 'origin']).catch(() => '');
  return /github\.com[:/]([^/]+)\/[^/]+?(?:\.git)?$/.exec(url)?.[1];
}

/** GET routes only (`GET /repos/{owner}/{repo}/contents/{path}`): placeholders filled, the rest as query. */
function fetchRequester(api: string, token: string): OctokitRequester {
  return {
    async request<T>(route: string, parameters: Record<string, unknown> = {}): Promise<OctokitResponseLike<T>> {
      const [method, template] = route.split(' ') as [string, string];
      const query = new URLSearchParams();
      const used = new Set<string>();
      const path = template.replace(/\{(\w+)\}/g, (_m, name: string) => {
        used.add(name);
        const value = String(parameters[name] ?? '');
        return name === 'path' ? value.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(value);
      });
      for (const [key, value] of Object.entries(parameters)) if (!used.has(key) && value !== undefined) query.set(key, String(value));
      const response = await fetch(`${api}${path}${query.size ? `?${query}` : ''}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          'user-agent': 'plangate-cli',
        },
      });
      if (!response.ok)
        throw Object.assign(new Error(`GitHub answered ${response.status} for ${method} ${path}`), { status: response.status });
      const headers: Record<string, string> = {};
      response.headers.forEach((value, key) => (headers[key] = value));
      return { status: response.status, data: (await response.json()) as T, headers };
    },
  };
}
