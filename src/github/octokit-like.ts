/**
 * The Octokit methods plangate uses, typed structurally so Probot's `context.octokit`,
 * `@actions/github`'s `getOctokit()` and a plain `@octokit/core` all fit without casts.
 */
export interface OctokitResponseLike<T = unknown> {
  status: number;
  data: T;
  headers: Record<string, string | number | undefined>;
}

/** REST only: what the Action's and the App's comment and file calls need. */
export interface OctokitRequester {
  request<T = unknown>(route: string, parameters?: Record<string, unknown>): Promise<OctokitResponseLike<T>>;
}

/** REST and GraphQL: what the GitHub snapshot source needs. */
export interface OctokitLike extends OctokitRequester {
  graphql(query: string, parameters?: Record<string, unknown>): Promise<unknown>;
}

/** Follows page numbers until a short page (GitHub's list endpoints cap per_page at 100). */
export async function paginate<T>(octokit: OctokitRequester, route: string, params: Record<string, unknown>, maxPages = 30): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const { data } = await octokit.request<T[]>(route, { ...params, per_page: 100, page });
    items.push(...data);
    if (data.length < 100) break;
  }
  return items;
}

/** HTTP status of an Octokit error, if it has one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
}
