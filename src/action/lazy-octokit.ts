import type { OctokitLike } from '../github/octokit-like.js';

/**
 * An Octokit that loads @actions/github (Octokit + undici, a third of the bundle) on its first
 * request: most PR gates read everything from git and never call the API, and cold start
 * is paid on every run.
 */
export function lazyOctokit(token: string): OctokitLike {
  let loaded: Promise<OctokitLike> | undefined;
  const load = () => (loaded ??= import('@actions/github').then((github) => github.getOctokit(token) as unknown as OctokitLike));
  return {
    request: async (route, parameters) => (await load()).request(route, parameters),
    graphql: async (query, parameters) => (await load()).graphql(query, parameters),
    paginate: async (route, parameters, mapFn) => (await load()).paginate!(route, parameters, mapFn),
  } as OctokitLike;
}
