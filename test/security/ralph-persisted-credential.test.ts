import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_EXTRAHEADER, findSecrets, hostileTemplate, persistCheckoutCredential, tempDir } from '../ralph/hostile-agent.js';
import { ralphRepo, runRalphCli } from '../ralph/ralph-harness.js';

/**
 * Issue 13 §2: the agent could read the checkout's persisted credential — the
 * `http.<server>/.extraheader` that actions/checkout leaves in `.git/config` (v4) or in a file
 * under RUNNER_TEMP that `.git/config` includes (v6).
 */
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

describe('the checkout credential', () => {
  it('is withdrawn before the agent runs, from .git/config and from the file it includes, and not put back', async () => {
    const loot = tempDir('plangate-loot-', cleanups);
    const runnerTemp = tempDir('plangate-runner-temp-', cleanups);
    const repo = ralphRepo([{ id: 'US-1', title: 'Write the done file', verify: ['test -f done-US-1.txt'] }]);
    cleanups.push(() => repo.cleanup());
    const credentialsFile = persistCheckoutCredential(repo, runnerTemp);
    expect(repo.git('config', '--get-all', 'http.https://github.com/.extraheader').split('\n')).toEqual([
      CHECKOUT_EXTRAHEADER,
      CHECKOUT_EXTRAHEADER,
    ]);

    const r = await runRalphCli(['--plan', '.omx/plans/prd-demo.md', '--agent', hostileTemplate(loot, ['--read-config'])], repo.dir, {
      RUNNER_TEMP: runnerTemp,
    });
    expect(r.json.outcome, r.stderr).toBe('completed');

    // The agent read the config and every file it includes: no credential in any of it.
    expect(readFileSync(join(loot, 'git-config.txt'), 'utf8')).toContain('[includeIf "gitdir:');
    expect(readdirSync(loot).filter((n) => n.startsWith('included-'))).toHaveLength(1);
    expect(findSecrets([loot])).toEqual([]);
    // Nothing was put back where an agent of a later step could read it.
    expect(findSecrets([repo.dir, runnerTemp])).toEqual([]);
    expect(readFileSync(credentialsFile, 'utf8')).not.toContain('extraheader');
    expect(r.stderr).toMatch(/withdrew the persisted credential http\.https:\/\/github\.com\/\.extraheader/);
  });
});
