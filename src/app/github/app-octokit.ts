import type { OctokitLike } from '../../github/octokit-like.js';

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
 * hooks (retry policy, counting). `_extends` is not Probot's config plugin but plangate's own
 * resolver (pull-request/load-config-source.ts), the one the CLI and the Action use.
 */
export interface AppOctokit extends OctokitLike {
  graphql(query: string, parameters?: Record<string, unknown>): Promise<unknown>;
  hook: { wrap(name: 'request', hook: RequestHook): void };
}
