import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACTION_TOKEN,
  FAKE_SECRETS,
  findSecrets,
  hostileTemplate,
  persistCheckoutCredential,
  plantedCommandsThatRan,
  tempDir,
} from '../ralph/hostile-agent.js';
import { ralphCheckout, runRalphAction, useActionTestBed } from '../ralph/ralph-action-harness.js';

/**
 * Issue 13 "Must show": the ralph Action run (`node dist/index.js`, `mode: ralph`, `open-pr`)
 * in a temp checkout whose origin is a local bare repository, against the bed.fake GitHub, with an
 * agent that plants hooks (pre-push, post-commit, reference-transaction, …) and an fsmonitor
 * command, reads `.git/config` and the files it includes, plants hooks in the origin, leaves a
 * `setsid` child and a double fork behind that edit the tree and `state.json` later, and prints
 * its environment — while the job's environment holds recognisable bed.fake secrets and the
 * checkout holds a persisted credential. No secret appears anywhere the agent or what it
 * planted can write, and the run's state is intact.
 */
const bed = useActionTestBed();
const { cleanups } = bed;

describe('a hostile agent in the ralph Action with open-pr', () => {
  it('gets no secret and leaves the run state intact; plangate still proposes the verified work', async () => {
    const loot = tempDir('plangate-loot-', cleanups);
    const home = tempDir('plangate-home-', cleanups);
    const credentials = tempDir('plangate-checkout-temp-', cleanups);
    const { repo, bare, mainSha } = ralphCheckout(
      bed.fake,
      'acme',
      'hostile',
      [{ id: 'US-1', title: 'Write the done file', verify: ['test -f done-US-1.txt'] }],
      {},
      cleanups,
    );
    persistCheckoutCredential(repo, credentials);
    const issue = bed.fake.addIssue('acme', 'hostile', { title: 'Ship it' });

    const run = await runRalphAction({
      fake: bed.fake,
      workdir: repo.dir,
      owner: 'acme',
      name: 'hostile',
      issue: issue.number,
      inputs: {
        agent: hostileTemplate(loot, ['--dump-env', '--read-config', '--plant-git', '--plant-origin', '--straggle']),
        'github-token': ACTION_TOKEN,
        'pass-env': '',
      },
      env: { HOME: home, ...FAKE_SECRETS },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs).toMatchObject({ outcome: 'completed', iterations: '1' });
    expect(run.outputs['pr-url']).toMatch(/\/acme\/hostile\/pull\/\d+$/);
    const result = JSON.parse(readFileSync(run.outputs['result-file']!, 'utf8')) as { runId: string };
    const statePath = join(repo.dir, '.plangate/ralph', result.runId, 'state.json');
    const stateAtEnd = readFileSync(statePath, 'utf8');

    // Whatever was left behind had 1.5 s to act; give it more.
    await new Promise((r) => setTimeout(r, 2_500));

    // The agent printed its environment and read the config: nothing secret in either.
    const seen = JSON.parse(readFileSync(join(loot, 'agent-env.json'), 'utf8')) as Record<string, string>;
    expect(Object.keys(seen).filter((n) => n in FAKE_SECRETS || /^(?:INPUT_|ACTIONS_)/.test(n) || n === 'GITHUB_TOKEN')).toEqual([]);
    expect(existsSync(join(loot, 'git-config.txt'))).toBe(true);
    // None of the hooks or commands planted in the checkout ran; the origin's ran on its side of the push.
    expect(plantedCommandsThatRan(loot).filter((n) => !n.startsWith('origin-'))).toEqual([]);
    expect(plantedCommandsThatRan(loot).filter((n) => n.startsWith('origin-'))).toContain('origin-pre-receive');
    // No secret anywhere the agent or what it planted can write: the checkout (.git included), HOME,
    // the origin, the agent's own files, the credential file's directory and RUNNER_TEMP.
    expect(findSecrets([loot, repo.dir, home, bare, credentials, dirname(run.outputs['result-file']!)])).toEqual([]);

    // The run state is as the run left it; nothing edited the tree after the run.
    expect(readFileSync(statePath, 'utf8')).toBe(stateAtEnd);
    expect(JSON.parse(stateAtEnd)).toMatchObject({ outcome: 'completed', iterations: 1 });
    for (const late of ['late-edit-setsid.txt', 'late-edit-double-fork.txt', 'late-edit-background.txt'])
      expect(existsSync(join(repo.dir, late)), late).toBe(false);
    const pushed = execFileSync('git', ['diff', '--name-only', `${mainSha}..plangate/ralph-1-demo`], { cwd: bare, encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(pushed).toEqual(['.gitattributes', 'done-US-1.txt']);
    // The token only ever appears in the runner's mask command.
    expect(run.stdout.split('\n').filter((l) => l.includes(ACTION_TOKEN))).toEqual([`::add-mask::${ACTION_TOKEN}`]);
  });
});
