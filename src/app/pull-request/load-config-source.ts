import { resolveExtends } from '../../core/config/extends/resolve-extends.js';
import type { ConfigProblem } from '../../core/config/problems.js';
import { getFileContent } from '../../github/get-file-content.js';
import { readConfigLayer } from '../../sources/config/read-config-layer.js';
import type { AppOctokit } from '../github/app-octokit.js';

export const CONFIG_PATH = '.github/plangate.yml';

export type ConfigSource =
  | { kind: 'none'; file: string }
  | { kind: 'text'; file: string; text: string; origin: string }
  | { kind: 'problems'; file: string; problems: ConfigProblem[] };

/**
 * The config text `evaluate` validates, from the default branch — never from the PR. `_extends` is
 * followed by the same resolver as the CLI and the Action: a repository file from this same commit,
 * another repository (`.github`, `owner/repo[:path.yml]`) on its default branch with the
 * installation's token. A base that is missing, unreadable or invalid is a config problem (a
 * failing check run naming it), never skipped; GitHub failing is thrown, so the evaluation
 * retries it and reports an outage.
 */
export async function loadConfigSource(
  octokit: AppOctokit,
  target: { owner: string; repo: string; ref: string; refLabel: string },
): Promise<ConfigSource> {
  const text = await getFileContent(octokit, target.owner, target.repo, CONFIG_PATH, target.ref);
  if (text === null) return { kind: 'none', file: CONFIG_PATH };
  const read = readConfigLayer({
    readRepoFile: async (path) => (await getFileContent(octokit, target.owner, target.repo, path, target.ref)) ?? undefined,
    github: { requester: octokit, owner: target.owner },
    noGitHub: 'the App has no installation token',
    defaultPath: CONFIG_PATH,
    throwApiErrors: true,
  });
  const resolved = await resolveExtends(text, CONFIG_PATH, read);
  if (!resolved.ok) return { kind: 'problems', file: CONFIG_PATH, problems: resolved.problems };
  return { kind: 'text', file: resolved.file, text: resolved.text, origin: `${resolved.file} on ${target.refLabel}` };
}
