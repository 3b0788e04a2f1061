import { git, resolveCommit } from './git.js';

const COMMIT_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const FETCH_TIMEOUT_MS = 120_000;

export type FetchOutcome = { ok: true; sha: string } | { ok: false; reason: string };

/**
 * Makes one commit readable in a shallow checkout: `git fetch --no-tags --depth=1 origin <sha>`,
 * first with whatever credentials the checkout already has (what `actions/checkout` persisted, or
 * none for a public repository), then with `token` if one is given. The token reaches only that
 * git process, through its environment: never .git/config, the command line or a log.
 */
export async function fetchCommit(repoDir: string, sha: string, token?: string): Promise<FetchOutcome> {
  if (!COMMIT_SHA.test(sha)) return { ok: false, reason: `"${sha.slice(0, 80)}" is not a commit SHA` };
  const attempts: (Record<string, string> | undefined)[] = [undefined, ...(token ? [tokenEnvironment(token)] : [])];
  let reason = 'no attempt was made';
  for (const extra of attempts) {
    try {
      await git(
        repoDir,
        [
          '-c',
          'core.hooksPath=/dev/null',
          '-c',
          'gc.auto=0',
          'fetch',
          '--quiet',
          '--no-tags',
          '--no-recurse-submodules',
          '--no-write-fetch-head',
          '--depth=1',
          'origin',
          sha,
        ],
        {
          env: { GIT_TERMINAL_PROMPT: '0', GCM_INTERACTIVE: 'never', ...extra },
          timeoutMs: FETCH_TIMEOUT_MS,
        },
      );
      const fetched = await resolveCommit(repoDir, sha);
      if (fetched) return { ok: true, sha: fetched };
      reason = 'the fetch succeeded but the commit is still missing';
    } catch (error) {
      reason = gitFailureReason((error as Error).message);
    }
  }
  return { ok: false, reason };
}

/**
 * `http.extraheader` for this process only, through git's `GIT_CONFIG_COUNT` variables (appended
 * after any the runner set). The empty value first clears a header `actions/checkout` persisted,
 * so GitHub never receives two.
 */
function tokenEnvironment(token: string): Record<string, string> {
  const start = Number(process.env.GIT_CONFIG_COUNT) || 0;
  const basic = Buffer.from(`x-access-token:${token}`, 'utf8').toString('base64');
  return {
    GIT_CONFIG_COUNT: String(start + 2),
    [`GIT_CONFIG_KEY_${start}`]: 'http.extraheader',
    [`GIT_CONFIG_VALUE_${start}`]: '',
    [`GIT_CONFIG_KEY_${start + 1}`]: 'http.extraheader',
    [`GIT_CONFIG_VALUE_${start + 1}`]: `AUTHORIZATION: basic ${basic}`,
  };
}

/** The first line git printed, which says what went wrong (the lines after it are advice). */
function gitFailureReason(message: string): string {
  const printed = message.slice(message.indexOf(' failed: ') + ' failed: '.length);
  return printed.split('\n')[0]!.trim() || message;
}
