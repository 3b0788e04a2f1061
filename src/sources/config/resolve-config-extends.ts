import { resolveExtends } from '../../core/config/extends/resolve-extends.js';
import type { ConfigProblem } from '../../core/config/problems.js';
import type { RepoSnapshot } from '../../core/snapshot.js';
import type { OctokitRequester } from '../../github/octokit-like.js';
import { readConfigLayer } from './read-config-layer.js';

export interface ConfigExtendsInput {
  /** The config text as read (undefined: no config file). */
  text: string | undefined;
  file: string;
  /** The tree the config came from: the base commit for a PR gate, so a change cannot rewrite a base it extends. */
  tree: RepoSnapshot;
  /** GitHub access for `owner/repo` and `.github` references. */
  github?: { requester: OctokitRequester; owner: string | undefined };
  /** Why there is no GitHub access, said in the error. */
  noGitHub: string;
}

export type ConfigExtendsResult = { ok: true; text: string | undefined; file: string } | { ok: false; problems: ConfigProblem[] };

/** The config with its `_extends` chain followed, for `evaluate` from a local tree (the CLI and the Action; the App reads the same layers through the API). */
export async function resolveConfigExtends(input: ConfigExtendsInput): Promise<ConfigExtendsResult> {
  if (input.text === undefined) return { ok: true, text: undefined, file: input.file };
  const read = readConfigLayer({
    readRepoFile: async (path) => {
      const bytes = await input.tree.readBytes(path);
      return bytes ? Buffer.from(bytes).toString('utf8') : undefined;
    },
    ...(input.github ? { github: input.github } : {}),
    noGitHub: input.noGitHub,
    defaultPath: '.github/plangate.yml',
  });
  const resolved = await resolveExtends(input.text, input.file, read);
  return resolved.ok ? { ok: true, text: resolved.text, file: resolved.file } : resolved;
}

/** The owner of the repository an Actions event is about (`repository.owner.login`). */
export function repositoryOwnerOf(payload: unknown): string | undefined {
  const login = (payload as { repository?: { owner?: { login?: unknown } } } | undefined)?.repository?.owner?.login;
  return typeof login === 'string' ? login : undefined;
}
