import type { OctokitRequester } from './octokit-like.js';

const GITHUB_API = 'https://api.github.com';

/** A repository's page on the GitHub the Octokit talks to (github.com, GHE.com or an Enterprise Server). */
export function repositoryWebUrl(octokit: OctokitRequester, owner: string, repo: string): string {
  return `${webUrlOfApi(apiBaseUrlOf(octokit))}/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`;
}

/**
 * GitHub's web address from its REST API's: `https://api.github.com` → `https://github.com`,
 * GHE.com's `https://api.<name>.ghe.com` → `https://<name>.ghe.com`, an Enterprise Server's
 * `https://<host>/api/v3` → `https://<host>` (the layouts GitHub documents for each).
 */
export function webUrlOfApi(apiBaseUrl: string): string {
  const url = new URL(apiBaseUrl);
  const host = /^api\.(?:[^.]+\.ghe\.com|github\.com)$/i.test(url.hostname) ? url.host.slice('api.'.length) : url.host;
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v3$/i, '');
  return `${url.protocol}//${host}${path}`;
}

/** The base URL Octokit sends requests to (`request.endpoint.DEFAULTS`, set from its `baseUrl` option). */
function apiBaseUrlOf(octokit: OctokitRequester): string {
  const request = octokit.request as { endpoint?: { DEFAULTS?: { baseUrl?: unknown } } };
  const baseUrl = request.endpoint?.DEFAULTS?.baseUrl;
  return typeof baseUrl === 'string' && baseUrl ? baseUrl : GITHUB_API;
}
