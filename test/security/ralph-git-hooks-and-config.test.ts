import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ACTION_TOKEN, FAKE_SECRETS, findSecrets, hostileTemplate, plantedCommandsThatRan, tempDir } from '../ralph/hostile-agent.js';
import { ralphCheckout, runRalphAction, useActionTestBed } from '../ralph/ralph-action-harness.js';

/**
 * Issue 13 §2: the agent plants `.git/hooks/pre-push` (and post-commit, reference-transaction, a
 * `core.fsmonitor` command, …); the Action's own `git commit`/`git push` with `open-pr` ran them
 * with the full environment, `INPUT_GITHUB-TOKEN` and `ACTIONS_RUNTIME_TOKEN` included. Here the
 * agent plants every hook and every config key that makes git run a command (hooks path,
 * fsmonitor, clean/smudge/process filters, textconv, external diff, ssh command, askpass,
 * credential helper, alias, pager, editor, gpg program with signing on, an include of a file it
 * wrote, ext:: transport, receive-pack/upload-pack, alternate-refs command), in `.git/config`,
 * `.git/info/attributes`, `.gitattributes`, `~/.gitconfig` and `~/.config/git/config`.
 */
const bed = useActionTestBed();
const { cleanups } = bed;

describe('the git commands plangate runs after the agent', () => {
  it('run none of the hooks and commands the agent planted, and the pull request is still opened', async () => {
    const loot = tempDir('plangate-loot-', cleanups);
    const home = tempDir('plangate-home-', cleanups);
    const { repo, bare, mainSha } = ralphCheckout(
      bed.fake,
      'acme',
      'hooks',
      [{ id: 'US-1', title: 'Write the done file', verify: ['test -f done-US-1.txt'] }],
      {},
      cleanups,
    );
    const issue = bed.fake.addIssue('acme', 'hooks', { title: 'Ship it' });

    const run = await runRalphAction({
      fake: bed.fake,
      workdir: repo.dir,
      owner: 'acme',
      name: 'hooks',
      issue: issue.number,
      inputs: { agent: hostileTemplate(loot, ['--plant-git', '--plant-origin']), 'github-token': ACTION_TOKEN, 'pass-env': '' },
      env: { HOME: home, ...FAKE_SECRETS },
    });

    // Nothing the agent planted in the checkout, its config or HOME ran. (The origin's own hooks run
    // on the remote's side of the push; they are the remote's, and they see no secret either.)
    expect(plantedCommandsThatRan(loot).filter((name) => !name.startsWith('origin-'))).toEqual([]);
    expect(findSecrets([loot, home, bare])).toEqual([]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs['pr-url']).toMatch(/\/acme\/hooks\/pull\/\d+$/);
    // What was pushed is the agent's work as files (no filter ran on them), not the runner's state.
    const pushed = execFileSync('git', ['diff', '--name-only', `${mainSha}..plangate/ralph-1-demo`], { cwd: bare, encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(pushed).toEqual(['.gitattributes', 'done-US-1.txt']);
    expect(execFileSync('git', ['show', 'plangate/ralph-1-demo:done-US-1.txt'], { cwd: bare, encoding: 'utf8' })).toBe('US-1\n');
  });
});
