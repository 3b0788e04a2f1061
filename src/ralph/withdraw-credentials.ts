import { gitDirectories } from './git-directories.js';
import { runHardenedGit } from './hardened-git.js';
import type { GitConfigPair } from './plangate-git-view.js';
import { scanGitConfig, type ConfigEntry } from './scan-git-config.js';
import type { TrustedPrograms } from './trusted-programs.js';

/** A credential taken out of a git config file before the agent runs. */
export interface WithdrawnCredential {
  key: string;
  /** The config file it was in. */
  file: string;
  /** Only what happened, for messages (never the value). */
  action: 'removed' | 'password removed from the URL';
}

export type WithdrawResult = { ok: true; withdrawn: WithdrawnCredential[]; extraheaders: GitConfigPair[] } | { ok: false; problem: string };

const EXTRAHEADER = /^http\.(?:.+\.)?extraheader$/i;
/** `scheme://user:password@` — the user part kept, the password dropped. */
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^/\s@:]*):[^/\s@]*@/i;
const URL_PASSWORDS = new RegExp(URL_PASSWORD.source, 'gi');

/**
 * Takes the credentials git would hand anyone running git in the workdir or in any of its
 * submodules out of every config file they are in: `http.*.extraheader` (what actions/checkout
 * persists — in `.git/config` and, with `submodules: true`, in each `.git/modules/<name>/config`,
 * or in a file under RUNNER_TEMP that those include) and passwords in URLs (remote URLs,
 * `url.*.insteadOf`). The files are every one git reads for the repository, its linked worktrees
 * and its submodules at any depth (system, global, local, worktree) and every file their
 * `include.path` / `includeIf.*.path` name, whether or not the condition holds now. The top
 * repository's extraheaders are returned, for plangate's own push only; nothing is ever written
 * back. A credential that stays (a read-only file) means the run must not start.
 */
export async function withdrawPersistedCredentials(
  programs: TrustedPrograms,
  workdir: string,
  source: Record<string, string | undefined>,
): Promise<WithdrawResult> {
  let before: ConfigEntry[];
  let extraheaders: GitConfigPair[];
  try {
    const scan = await scanCredentials(programs, workdir, source);
    before = scan.credentials;
    extraheaders = scan.extraheaders;
  } catch (error) {
    return { ok: false, problem: `the git config could not be read to withdraw credentials from it: ${(error as Error).message}` };
  }
  const withdrawn: WithdrawnCredential[] = [];
  for (const entry of before) {
    const edit =
      EXTRAHEADER.test(entry.key) || URL_PASSWORD.test(entry.key)
        ? ['--unset-all', entry.key, entry.value]
        : ['--replace-all', entry.key, entry.value.replace(URL_PASSWORDS, '$1@'), entry.value];
    await runHardenedGit(programs, workdir, ['config', '--file', entry.file, '--fixed-value', ...edit]).catch(() => undefined);
    withdrawn.push({ key: entry.key, file: entry.file, action: edit[0] === '--unset-all' ? 'removed' : 'password removed from the URL' });
  }
  let left: ConfigEntry[];
  try {
    left = (await scanCredentials(programs, workdir, source)).credentials;
  } catch (error) {
    return { ok: false, problem: `the git config could not be read again after withdrawing credentials: ${(error as Error).message}` };
  }
  if (left.length) {
    return {
      ok: false,
      problem: `the credential ${unique(left)
        .map((e) => `${e.key} in ${e.file}`)
        .join(
          ', ',
        )} could not be withdrawn, so the agent could read it; remove it before the run (for example actions/checkout with persist-credentials: false)`,
    };
  }
  return { ok: true, withdrawn: unique(withdrawn), extraheaders };
}

/**
 * Config entries holding a credential, in every file git reads for the checkout and its submodules,
 * and the extraheaders git would send for the workdir's own repository (what plangate's push
 * replaces), each once.
 */
async function scanCredentials(
  programs: TrustedPrograms,
  workdir: string,
  source: Record<string, string | undefined>,
): Promise<{ credentials: ConfigEntry[]; extraheaders: GitConfigPair[] }> {
  const scan = await scanGitConfig(programs, await gitDirectories(programs, workdir, source), source, workdir);
  const credentials = scan.entries.filter(({ key, value }) => EXTRAHEADER.test(key) || URL_PASSWORD.test(key) || URL_PASSWORD.test(value));
  const seen = new Set<string>();
  const extraheaders: GitConfigPair[] = [];
  for (const { key, value } of scan.effective) {
    if (!EXTRAHEADER.test(key) || seen.has(`${key}\0${value}`)) continue;
    seen.add(`${key}\0${value}`);
    extraheaders.push({ key, value });
  }
  return { credentials, extraheaders };
}

function unique<T extends { key: string; file: string }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const id = `${c.key}\0${c.file}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
