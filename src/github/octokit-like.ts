import { composePaginateRest } from '@octokit/plugin-paginate-rest';

/**
 * The Octokit methods plangate uses, typed structurally so Probot's `context.octokit`,
 * `@actions/github`'s `getOctokit()` and a plain `@octokit/core` all fit without casts.
 */
export interface OctokitResponseLike<T = unknown> {
  status: number;
  data: T;
  headers: Record<string, string | number | undefined>;
}

/** Octokit's `paginate` (@octokit/plugin-paginate-rest): follows GitHub's `Link` headers. */
export type OctokitPaginate = <T>(
  route: string,
  parameters: Record<string, unknown>,
  mapFn: (response: OctokitResponseLike<T[]>, done: () => void) => T[],
) => Promise<T[]>;

/** REST only: what the Action's and the App's comment and file calls need. */
export interface OctokitRequester {
  request<T = unknown>(route: string, parameters?: Record<string, unknown>): Promise<OctokitResponseLike<T>>;
  /** Probot's and @actions/github's Octokit have it; a bare @octokit/core gets the same plugin composed on. */
  paginate?: OctokitPaginate;
}

/** REST and GraphQL: what the GitHub snapshot source needs. */
export interface OctokitLike extends OctokitRequester {
  graphql(query: string, parameters?: Record<string, unknown>): Promise<unknown>;
}

/**
 * Every item of a list endpoint, 100 a page, through Octokit's paginate; at most `maxPages`
 * pages, so a hostile or runaway list cannot hold a run (or the App's worker) forever.
 */
export async function paginate<T>(octokit: OctokitRequester, route: string, params: Record<string, unknown>, maxPages = 30): Promise<T[]> {
  // composePaginateRest's types are keyed on Octokit's route table; ours are plain strings.
  const paginateWith: OctokitPaginate =
    octokit.paginate ?? ((r, p, map) => composePaginateRest(octokit as never, r as never, p as never, map as never) as never);
  let pages = 0;
  return paginateWith<T>(route, { ...params, per_page: 100 }, (response, done) => {
    if (++pages >= maxPages) done();
    return response.data;
  });
}

/** HTTP status of an Octokit error, if it has one. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
}
