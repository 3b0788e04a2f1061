import { fetchCommit } from '../sources/git-fetch-commit.js';
import { GitCommitSnapshot } from '../sources/git-commit-snapshot.js';
import { resolveCommit } from '../sources/git.js';

export type BaseTree =
  | {
      ok: true;
      /** The base commit's whole tree: config, suppressions, the scan baseline and layout detection all read it. */
      snapshot: GitCommitSnapshot;
      configText?: string;
      /** The checkout was shallow and the base was fetched for this run. */
      fetched: boolean;
    }
  | { ok: false; problem: string };

/**
 * The PR's base commit as a tree — never the head: read from the checkout, or fetched into it
 * when the checkout is shallow. When it cannot be read the gate cannot be judged, and the
 * answer is a failure that names the fix, not a fallback to what the pull request says.
 */
export async function loadBaseTree(options: { workspace: string; baseSha: string; configPath: string; token?: string }): Promise<BaseTree> {
  let sha = await resolveCommit(options.workspace, options.baseSha);
  let fetched = false;
  if (!sha) {
    const fetch = await fetchCommit(options.workspace, options.baseSha, options.token);
    if (!fetch.ok)
      return {
        ok: false,
        problem: baseUnreadable(options.baseSha, `it is not in the checkout and fetching it from origin failed: ${fetch.reason}`),
      };
    sha = fetch.sha;
    fetched = true;
  }
  let snapshot: GitCommitSnapshot | undefined;
  try {
    snapshot = await GitCommitSnapshot.open(options.workspace, sha);
    const bytes = await snapshot.readBytes(options.configPath);
    return { ok: true, snapshot, configText: bytes ? Buffer.from(bytes).toString('utf8') : undefined, fetched };
  } catch (error) {
    snapshot?.close();
    return { ok: false, problem: baseUnreadable(options.baseSha, (error as Error).message.split('\n')[0]!) };
  }
}

function baseUnreadable(baseSha: string, reason: string): string {
  return (
    `plangate cannot read the pull request's base commit ${baseSha.slice(0, 12)} (${reason}). ` +
    'Config, suppressions and the scan baseline must come from the base, never from the pull request, so the gate was not evaluated. ' +
    'Fix: check out with `fetch-depth: 0` and no `filter` (actions/checkout), or keep the default credentials / pass a `github-token` that can read this repository.'
  );
}
