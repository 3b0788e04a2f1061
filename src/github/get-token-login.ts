import type { OctokitLike } from './octokit-like.js';

/**
 * The login a token writes comments under: a person's for a personal access token,
 * `github-actions[bot]` for a workflow's GITHUB_TOKEN, `<slug>[bot]` for an App installation
 * token. GraphQL's `viewer` answers all three; REST has no one call that does (`GET /user`
 * refuses installation tokens, `GET /app` wants the App's JWT).
 */
export async function getTokenLogin(octokit: Pick<OctokitLike, 'graphql'>): Promise<string> {
  const data = (await octokit.graphql('query { viewer { login } }')) as { viewer?: { login?: unknown } } | null;
  const login = data?.viewer?.login;
  if (typeof login !== 'string' || !login) throw new Error('GitHub did not say which account the token belongs to (GraphQL viewer.login)');
  return login;
}
