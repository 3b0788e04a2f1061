import { stringify } from 'yaml';
import type { ConfigProblem } from '../../core/config/problems.js';
import { parseConfigText } from '../../core/config/parse-config-text.js';
import { validateConfig } from '../../core/config/resolve-config.js';
import { getFileContent } from '../../github/get-file-content.js';
import type { AppOctokit } from '../github/app-octokit.js';
import { loadExtendedConfig } from '../github/load-extended-config.js';

export const CONFIG_PATH = '.github/plangate.yml';

export type ConfigSource =
  | { kind: 'none'; file: string }
  | { kind: 'text'; file: string; text: string; origin: string }
  | { kind: 'problems'; file: string; problems: ConfigProblem[] };

/**
 * The config text `evaluate` validates, from the default branch — never from the PR. The raw
 * file as it is; with `_extends`, the repo's own keys are validated first (so problems keep their
 * lines), then Probot's loader resolves the chain and the merge is handed on as YAML.
 */
export async function loadConfigSource(octokit: AppOctokit, target: { owner: string; repo: string; ref: string; refLabel: string }): Promise<ConfigSource> {
  const text = await getFileContent(octokit, target.owner, target.repo, CONFIG_PATH, target.ref);
  if (text === null) return { kind: 'none', file: CONFIG_PATH };
  const parsed = parseConfigText(text, CONFIG_PATH);
  const raw = parsed.raw as Record<string, unknown> | undefined;
  if (parsed.problems.length || !raw || !('_extends' in raw)) return { kind: 'text', file: CONFIG_PATH, text, origin: `${CONFIG_PATH} on ${target.refLabel}` };

  const { _extends: extendsValue, ...own } = raw;
  const ownProblems = validateConfig(own, CONFIG_PATH, text);
  if (ownProblems.length) return { kind: 'problems', file: CONFIG_PATH, problems: ownProblems };
  let merged: Record<string, unknown>;
  try {
    merged = await loadExtendedConfig(octokit, { owner: target.owner, repo: target.repo, path: CONFIG_PATH, ref: target.ref });
  } catch (error) {
    if (typeof (error as { status?: unknown }).status === 'number') throw error;
    const message = error instanceof Error ? error.message.replace(/^\[@probot\/octokit-plugin-config\]\s*/, '') : String(error);
    const problem: ConfigProblem = { file: CONFIG_PATH, path: '_extends', expected: 'a readable config to extend (`repo`, `owner/repo` or `owner/repo:path.yml`)', got: JSON.stringify(extendsValue), message };
    return { kind: 'problems', file: CONFIG_PATH, problems: [problem] };
  }
  const file = `${CONFIG_PATH} (with _extends: ${String(extendsValue)})`;
  return { kind: 'text', file, text: stringify(merged), origin: `${file} on ${target.refLabel}` };
}
