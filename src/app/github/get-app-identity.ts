import type { OctokitLike } from '../../github/octokit-like.js';

export interface AppIdentity {
  id: number;
  slug: string;
  /** The login the App's comments are written under: `<slug>[bot]`. */
  botLogin: string;
}

/** `GET /app` with the App's JWT: who we are, to find our own check runs and comments. */
export async function getAppIdentity(appOctokit: OctokitLike): Promise<AppIdentity> {
  const { data } = await appOctokit.request<{ id: number; slug: string }>('GET /app');
  return { id: data.id, slug: data.slug, botLogin: `${data.slug}[bot]` };
}
