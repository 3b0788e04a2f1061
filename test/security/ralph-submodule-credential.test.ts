import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TempGitRepo } from '../support/temp-git-repo.js';
import { CHECKOUT_EXTRAHEADER, findSecrets, hostileTemplate, tempDir } from '../ralph/hostile-agent.js';
import { ralphRepo, runRalphCli } from '../ralph/ralph-harness.js';

/**
 * actions/checkout (v2–v5) with `submodules: true` writes its credential header into each
 * submodule's `.git/modules/<name>/config` too (v6: an `includeIf` there, to a file under
 * RUNNER_TEMP); withdrawing it from `.git/config` alone left it for `git -C lib config`. Every
 * config git reads for the repository and its submodules at any depth — and every file they
 * include, under any condition — must be clean before the agent's first turn.
 */
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

const KEY = 'http.https://github.com/.extraheader';
const FILE_ALLOWED = ['-c', 'protocol.file.allow=always'];

/** The plan repository with `lib` (itself holding `vendor`) as submodules, checked out recursively. */
function repoWithSubmodules() {
  const inner = new TempGitRepo('plangate-inner-');
  inner.write({ 'inner.txt': 'inner\n' });
  inner.commit('inner');
  const outer = new TempGitRepo('plangate-outer-');
  outer.write({ 'outer.txt': 'outer\n' });
  outer.git(...FILE_ALLOWED, 'submodule', 'add', '-q', inner.dir, 'vendor');
  outer.commit('outer');
  const repo = ralphRepo([{ id: 'US-1', title: 'Write the done file', verify: ['test -f done-US-1.txt'] }]);
  cleanups.push(
    () => inner.cleanup(),
    () => outer.cleanup(),
    () => repo.cleanup(),
  );
  repo.git(...FILE_ALLOWED, 'submodule', 'add', '-q', outer.dir, 'lib');
  repo.git(...FILE_ALLOWED, 'submodule', 'update', '--init', '--recursive', '-q');
  repo.commit('submodules');
  return repo;
}

describe("the checkout credential in the submodules' configs", () => {
  it('is withdrawn from every module config and every file they include, whatever the condition; the agent sees none', async () => {
    const repo = repoWithSubmodules();
    const runnerTemp = tempDir('plangate-runner-temp-', cleanups);
    const loot = tempDir('plangate-loot-', cleanups);
    const lib = join(repo.dir, '.git/modules/lib');
    const vendor = join(lib, 'modules/vendor');
    // actions/checkout v4 with submodules: true — the header in the top config and in each module's.
    for (const gitDir of [join(repo.dir, '.git'), lib, vendor])
      repo.git('config', '--file', join(gitDir, 'config'), KEY, CHECKOUT_EXTRAHEADER);
    // v6: an includeIf in the module's config, to a file under RUNNER_TEMP.
    const included = join(runnerTemp, 'git-credentials-lib.config');
    writeFileSync(included, `[http "https://github.com/"]\n\textraheader = ${CHECKOUT_EXTRAHEADER}\n`);
    repo.git('config', '--file', join(lib, 'config'), `includeIf.gitdir:${lib}.path`, included);
    // An include whose condition does not hold while plangate looks, but does once the agent switches branch.
    const onBranch = join(runnerTemp, 'git-credentials-on-branch.config');
    writeFileSync(onBranch, `[http "https://github.com/"]\n\textraheader = ${CHECKOUT_EXTRAHEADER}\n`);
    repo.git('config', '--file', join(lib, 'config'), 'includeIf.onbranch:agent/**.path', onBranch);
    expect(findSecrets([join(repo.dir, '.git/modules')]).length).toBe(2);

    const r = await runRalphCli(['--plan', '.omx/plans/prd-demo.md', '--agent', hostileTemplate(loot, ['--read-submodules'])], repo.dir, {
      RUNNER_TEMP: runnerTemp,
    });
    expect(r.json.outcome, r.stderr).toBe('completed');

    // The agent found both submodules and read their config through git, on its own branch too,
    // and copied the module configs and every file they include.
    expect(readFileSync(join(loot, 'submodules.txt'), 'utf8').trim().split('\n')).toHaveLength(2);
    expect(readFileSync(join(loot, 'submodule-0-config.txt'), 'utf8')).toContain('remote.origin.url=');
    expect(readFileSync(join(loot, 'submodule-0-on-branch.txt'), 'utf8')).toContain('git-credentials-on-branch.config');
    expect(repo.git('-C', 'lib', 'branch', '--show-current')).toBe('agent/steal');
    expect(readdirSync(loot).filter((n) => n.startsWith('module-config-')).length).toBeGreaterThanOrEqual(4);
    expect(findSecrets([loot])).toEqual([]);
    // Nothing was put back, anywhere a later step's agent could read it.
    expect(findSecrets([repo.dir, runnerTemp])).toEqual([]);
    for (const file of [join(lib, 'config'), join(vendor, 'config'), included, onBranch])
      expect(r.stderr).toContain(`withdrew the persisted credential ${KEY} (removed, ${file})`);
  });
});
