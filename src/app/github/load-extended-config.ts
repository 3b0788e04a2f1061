import { mergeConfig } from '../../core/config/merge-config.js';
import type { AppOctokit } from './app-octokit.js';

/**
 * The config with its `_extends` chain resolved by Probot's config loader (`org/repo` or
 * `repo:path.yml`, on each repository's default branch). Merged the way plangate merges presets:
 * objects key by key, arrays and scalars replaced — not deepmerge's array concatenation.
 */
export async function loadExtendedConfig(octokit: AppOctokit, target: { owner: string; repo: string; path: string; ref: string }): Promise<Record<string, unknown>> {
  const { config } = await octokit.config.get({
    owner: target.owner,
    repo: target.repo,
    path: target.path,
    branch: target.ref,
    defaults: (configs) => configs.reduce<Record<string, unknown>>((merged, next) => mergeConfig(merged, next), {}),
  });
  return config;
}

