import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TempGitRepo } from '../support/temp-git-repo.js';
import { FIXTURES } from './ralph-harness.js';

/** `test/fixtures/ralph/hostile-agent.mjs`: what an agent an attacker steered would try. */
export const HOSTILE_AGENT = join(FIXTURES, 'hostile-agent.mjs');

type HostileFlag = '--dump-env' | '--read-config' | '--plant-git' | '--plant-origin' | '--straggle' | '--read-submodules' | '--plant-path';

/** The agent template for the hostile agent; `loot` is where it keeps what it found. */
export function hostileTemplate(loot: string, flags: readonly HostileFlag[]): string {
  return `node ${HOSTILE_AGENT} ${loot} {story_id} ${flags.join(' ')}`;
}

/** Recognisable fake secrets in the runner's environment, as a workflow would put them there. */
export const FAKE_SECRETS: Record<string, string> = {
  ACTIONS_RUNTIME_TOKEN: 'actions-runtime-MustNotLeak0002',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'id-token-request-MustNotLeak0003',
  GH_PAT: 'ghp_PersonalTokenMustNotLeak0004',
  DATABASE_URL: 'postgres://app:DbPasswordMustNotLeak0005@db.internal:5432/app',
  OPENAI_APIKEY: 'sk-OpenAiKeyMustNotLeak0006',
  NPM_CONFIG__AUTH: 'npmAuthMustNotLeak0007',
  SSH_AUTH_SOCK: '/tmp/ssh-agent-MustNotLeak0008/agent.sock',
  GITHUB_TOKEN: 'ghs_GithubTokenMustNotLeak0009',
};
/** The Action's own token (`INPUT_GITHUB-TOKEN`). */
export const ACTION_TOKEN = 'ghs_InputTokenMustNotLeak0001';
/** The token actions/checkout persists for later git commands. */
export const CHECKOUT_TOKEN = 'ghs_CheckoutTokenMustNotLeak0010';
const basic = Buffer.from(`x-access-token:${CHECKOUT_TOKEN}`).toString('base64');
export const CHECKOUT_EXTRAHEADER = `AUTHORIZATION: basic ${basic}`;

/** Every string that must never be found where the agent (or anything it planted) can write. */
export const SECRET_NEEDLES = [
  ...Object.values(FAKE_SECRETS).map((v) => /MustNotLeak\d{4}/.exec(v)![0]),
  'MustNotLeak0001',
  'MustNotLeak0010',
  basic,
];

/**
 * What actions/checkout leaves behind with `persist-credentials: true`: v4 writes the
 * extraheader into `.git/config`; v6 writes it into a file under RUNNER_TEMP that
 * `.git/config` includes with `includeIf.gitdir:…`. Both, so both must be withdrawn.
 */
export function persistCheckoutCredential(repo: TempGitRepo, includeDir: string): string {
  const credentialsFile = join(includeDir, 'git-credentials-2b1f.config');
  writeFileSync(credentialsFile, `[http "https://github.com/"]\n\textraheader = ${CHECKOUT_EXTRAHEADER}\n`);
  repo.git('config', '--local', 'http.https://github.com/.extraheader', CHECKOUT_EXTRAHEADER);
  repo.git('config', '--local', `includeIf.gitdir:${repo.dir}/.git.path`, credentialsFile);
  return credentialsFile;
}

/** Files under `roots` (symlinks not followed) that hold any of the needles: `path: needle`. */
export function findSecrets(roots: readonly string[], needles: readonly string[] = SECRET_NEEDLES): string[] {
  const found: string[] = [];
  const pending = [...roots];
  while (pending.length) {
    const path = pending.pop()!;
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) pending.push(join(path, name));
      continue;
    }
    if (!stat.isFile() || stat.size > 8 * 1024 * 1024) continue;
    const text = readFileSync(path, 'latin1');
    for (const needle of needles) if (text.includes(needle)) found.push(`${path}: ${needle}`);
  }
  return found.sort();
}

/** The commands the hostile agent planted that ran (`<loot>/ran-<name>.env`). */
export function plantedCommandsThatRan(loot: string): string[] {
  return readdirSync(loot)
    .filter((n) => n.startsWith('ran-'))
    .map((n) => n.slice(4, -4))
    .sort();
}

export function tempDir(prefix: string, cleanups: (() => void)[]): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
