import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostileTemplate, tempDir } from '../ralph/hostile-agent.js';
import { ralphCheckout, runRalphAction, useActionTestBed } from '../ralph/ralph-action-harness.js';
import { AGENT_TEMPLATE, AgentFixture, ralphRepo, runRalphCli } from '../ralph/ralph-harness.js';

/**
 * Issue 13 §2: a committed `.plangate` symlink put the run state outside the repository; a
 * committed `plangate-ralph-result.json` symlink made the Action overwrite an arbitrary file.
 */
const bed = useActionTestBed();
const { cleanups } = bed;

const STORY = [{ id: 'US-1', title: 'Write x.txt', verify: ['test -f x.txt'] }];

describe('state directories', () => {
  for (const linked of ['.plangate', '.plangate/ralph']) {
    it(`refuse a ${linked} that is a symlink, with a clear error, and write nothing where it points`, async () => {
      const outside = tempDir('plangate-outside-', cleanups);
      const repo = ralphRepo(STORY);
      const agent = new AgentFixture({ '*': [{ write: { 'x.txt': '' } }] });
      cleanups.push(
        () => repo.cleanup(),
        () => agent.cleanup(),
      );
      mkdirSync(join(repo.dir, linked, '..'), { recursive: true });
      symlinkSync(outside, join(repo.dir, linked));
      repo.commit('a committed symlink');

      const r = await runRalphCli(['--plan', '.omx/plans/prd-demo.md', '--agent', AGENT_TEMPLATE], repo.dir, agent.env);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${linked} is a symlink`);
      expect(readdirSync(outside)).toEqual([]);
      expect(agent.entries()).toEqual([]);
    });
  }
});

describe('the result file', () => {
  it('is never written through a symlink the repository committed or the agent planted in RUNNER_TEMP', async () => {
    const victims = tempDir('plangate-victims-', cleanups);
    const committedTarget = join(victims, 'committed-target.txt');
    const plantedTarget = join(victims, 'planted-target.txt');
    writeFileSync(committedTarget, 'precious\n');
    writeFileSync(plantedTarget, 'precious\n');
    const loot = tempDir('plangate-loot-', cleanups);
    const { repo } = ralphCheckout(
      bed.fake,
      'acme',
      'links',
      [{ id: 'US-1', title: 'Write the done file', verify: ['test -f done-US-1.txt'] }],
      {},
      cleanups,
    );
    symlinkSync(committedTarget, join(repo.dir, 'plangate-ralph-result.json'));
    repo.commit('a committed symlink');
    const issue = bed.fake.addIssue('acme', 'links', { title: 'Ship it' });

    const run = await runRalphAction({
      fake: bed.fake,
      workdir: repo.dir,
      owner: 'acme',
      name: 'links',
      issue: issue.number,
      inputs: { agent: `${hostileTemplate(loot, [])} --symlink-result ${plantedTarget}`, 'open-pr': 'false', 'pass-env': '' },
    });
    expect(readFileSync(committedTarget, 'utf8')).toBe('precious\n');
    expect(readFileSync(plantedTarget, 'utf8')).toBe('precious\n');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::error::.*plangate-ralph-result\.json.* is a symlink/);
    // The outcome is still reported through the outputs.
    expect(run.outputs.outcome).toBe('completed');
    expect(existsSync(join(victims, 'plangate-ralph-result.json'))).toBe(false);
  });
});
