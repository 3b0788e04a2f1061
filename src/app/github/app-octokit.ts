import type { OctokitLike } from '../../github/octokit-like.js';

/** What `octokit.config.get` (Probot's config plugin) returns: the merged config and each file it read. */
export interface ConfigGetResult {
  config: Record<string, unknown>;
  files: { owner: string; repo: string; path: string; url: string; config: Record<string, unknown> | null }[];
}

export type RequestHook = (request: (options: EndpointOptions) => Promise<unknown>, options: EndpointOptions) => Promise<unknown>;

/** The endpoint options a request hook sees (`method`, `url` template, parameters, `request` settings). */
export interface EndpointOptions {
  method: string;
  url: string;
  request?: Record<string, unknown>;
  [parameter: string]: unknown;
}

/**
 * The part of Probot's `context.octokit` the App uses: REST and GraphQL requests, request
 * hooks (retry policy, counting) and the config plugin (`_extends`).
 */
export interface AppOctokit extends OctokitLike {
  graphql(query: string, parameters?: Record<string, unknown>): Promise<unknown>;
  hook: { wrap(name: 'request', hook: RequestHook): void };
  config: { get(options: { owner: string; repo: string; path: string; branch?: string; defaults?: (configs: Record<string, unknown>[]) => Record<string, unknown> }): Promise<ConfigGetResult> };
}
