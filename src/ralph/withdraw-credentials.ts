import { execFile } from 'node:child_process';
import { isAbsolute, resolve } from 'node:path';
import { runHardenedGit } from './hardened-git.js';
import type { GitConfigPair } from './plangate-git-view.js';

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

interface ConfigEntry {
  file: string;
  key: string;
  value: string;
}

/**
 * Takes the credentials git would hand anyone running git in the workdir out of every config
 * file they are in: `http.*.extraheader` (what actions/checkout persists — in `.git/config`, or
 * in a file under RUNNER_TEMP that `.git/config` includes) and passwords in URLs (remote URLs,
 * `url.*.insteadOf`). The extraheaders are returned, for plangate's own push only; nothing is
 * ever written back. Read as the agent would read it (its HOME, system config, includes); a
 * credential that stays (a read-only system file) means the run must not start.
 */
export async function withdrawPersistedCredentials(workdir: string, source: Record<string, string | undefined>): Promise<WithdrawResult> {
  let before: ConfigEntry[];
  try {
    before = await credentialEntries(workdir, source);
  } catch (error) {
    // Without git there is no git config to read credentials from; a config git cannot read is refused.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, withdrawn: [], extraheaders: [] };
    return { ok: false, problem: `the git config could not be read to withdraw credentials from it: ${(error as Error).message}` };
  }
  const withdrawn: WithdrawnCredential[] = [];
  for (const entry of before) {
    const edit =
      EXTRAHEADER.test(entry.key) || URL_PASSWORD.test(entry.key)
        ? ['--unset-all', entry.key, entry.value]
        : ['--replace-all', entry.key, entry.value.replace(URL_PASSWORDS, '$1@'), entry.value];
    await runHardenedGit(workdir, ['config', '--file', entry.file, '--fixed-value', ...edit]).catch(() => undefined);
    withdrawn.push({ key: entry.key, file: entry.file, action: edit[0] === '--unset-all' ? 'removed' : 'password removed from the URL' });
  }
  const left = await credentialEntries(workdir, source);
  if (left.length) {
    return {
      ok: false,
      problem: `the credential ${left.map((e) => `${e.key} in ${e.file}`).join(', ')} could not be withdrawn, so the agent could read it; remove it before the run (for example actions/checkout with persist-credentials: false)`,
    };
  }
  const extraheaders = before.filter((e) => EXTRAHEADER.test(e.key)).map((e) => ({ key: e.key, value: e.value }));
  return { ok: true, withdrawn: unique(withdrawn), extraheaders };
}

/** Config entries holding a credential, as git run by the agent (HOME, system config, includes) sees them. */
async function credentialEntries(workdir: string, source: Record<string, string | undefined>): Promise<ConfigEntry[]> {
  const out = await listConfig(workdir, source);
  const entries: ConfigEntry[] = [];
  const records = out.split('\0');
  for (let i = 0; i + 1 < records.length; i += 2) {
    const origin = records[i]!;
    const [key, ...rest] = records[i + 1]!.split('\n');
    if (!origin.startsWith('file:') || !key) continue;
    const value = rest.join('\n');
    if (!EXTRAHEADER.test(key) && !URL_PASSWORD.test(key) && !URL_PASSWORD.test(value)) continue;
    const file = origin.slice('file:'.length);
    entries.push({ file: isAbsolute(file) ? file : resolve(workdir, file), key, value });
  }
  return entries;
}

function listConfig(workdir: string, source: Record<string, string | undefined>): Promise<string> {
  const env: Record<string, string> = { LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' };
  for (const name of ['PATH', 'HOME', 'SYSTEMROOT']) if (source[name] !== undefined) env[name] = source[name]!;
  return new Promise((done, fail) => {
    execFile(
      'git',
      ['-c', 'safe.directory=*', 'config', '--list', '--show-origin', '-z', '--includes'],
      { cwd: workdir, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        // Outside a repository git still lists the system and global files; an error is a broken config.
        if (error)
          fail(
            Object.assign(new Error(`git config --list failed: ${stderr.trim() || error.message}`), {
              code: (error as NodeJS.ErrnoException).code,
            }),
          );
        else done(stdout);
      },
    );
  });
}

function unique(list: WithdrawnCredential[]): WithdrawnCredential[] {
  const seen = new Set<string>();
  return list.filter((c) => {
    const id = `${c.key}\0${c.file}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
