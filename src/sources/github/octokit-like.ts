/**
 * The two Octokit methods the GitHub sources use, typed structurally so Probot's
 * `context.octokit`, `@actions/github`'s `getOctokit()` and a plain `@octokit/core` all fit.
 */
export interface OctokitResponseLike {
  status: number;
  data: unknown;
  headers: Record<string, string | number | undefined>;
}

export interface OctokitLike {
  request(route: string, parameters?: Record<string, unknown>): Promise<OctokitResponseLike>;
  graphql(query: string, parameters?: Record<string, unknown>): Promise<unknown>;
}
