/**
 * The part of Octokit plangate uses: `request(route, params)`. Probot's `context.octokit`,
 * `@actions/github`'s `getOctokit()` and a bare `@octokit/core` all fit.
 */
export interface OctokitResponse<T = unknown> {
  status: number;
  data: T;
  headers: Record<string, string | number | undefined>;
}

export interface OctokitLike {
  request<T = unknown>(route: string, params?: Record<string, unknown>): Promise<OctokitResponse<T>>;
}

/** Follows page numbers until a short page (GitHub's list endpoints cap per_page at 100). */
export async function paginate<T>(octokit: OctokitLike, route: string, params: Record<string, unknown>, maxPages = 30): Promise<T[]> {
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
