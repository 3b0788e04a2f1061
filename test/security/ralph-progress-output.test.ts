import { describe, expect, it } from 'vitest';
import { ralphCheckout, runRalphAction, useActionTestBed } from '../ralph/ralph-action-harness.js';
import { AGENT_TEMPLATE, AgentFixture, ralphRepo, runRalphCli, type PrdStorySpec } from '../ralph/ralph-harness.js';

/**
 * Issue 13 §6: ralph progress lines printed story ids and titles raw — `\n::error::…` and
 * `::add-mask::` became workflow commands, ANSI/OSC codes reached the terminal.
 */
const bed = useActionTestBed();
const { cleanups } = bed;

const STORIES: PrdStorySpec[] = [
  { id: 'US-1', title: 'Write x\n::error::forged by a story title', verify: ['test -f x.txt'] },
  {
    id: 'US-2\r\n::add-mask::forged-mask',
    title: 'Write y\r::warning::forged in place \u001b]0;pwned-window-title\u0007\u001b[2J\u001b[31mred',
    verify: ['test -f y.txt'],
  },
];
const SCRIPT = { 'US-1': [{ write: { 'x.txt': '' } }], '*': [{ write: { 'y.txt': '' } }] };
/** A workflow command the runner would act on: at the start of a line (after a CR, too). */
const FORGED_COMMAND = /(?:^|\r)\s*(?:::[a-z-]+(?: [^:\n]*)?::|##\[[a-z-]+\])\s*forged/m;

describe('ralph progress output', () => {
  it('in the Action log: no story text becomes a workflow command or an escape sequence', async () => {
    const { repo, agent } = ralphCheckout(bed.fake, 'acme', 'output', STORIES, SCRIPT, cleanups);
    const issue = bed.fake.addIssue('acme', 'output', { title: 'Ship it' });
    const run = await runRalphAction({
      fake: bed.fake,
      workdir: repo.dir,
      owner: 'acme',
      name: 'output',
      issue: issue.number,
      inputs: { 'open-pr': 'false' },
      env: agent.env,
    });
    expect(run.outputs.outcome, run.stdout).toBe('completed');
    expect(run.stdout).toContain('story 1/2 US-1');
    expect(run.stdout).not.toMatch(FORGED_COMMAND);
    expect(run.stdout).not.toMatch(/[\u001b\u0007\u009b]/);
    expect(run.stdout).toContain('Write x\\n::error::forged by a story title');
  });

  it('on the CLI: no story text starts a line or reaches the terminal as an escape sequence', async () => {
    const repo = ralphRepo(STORIES);
    const agent = new AgentFixture(SCRIPT);
    cleanups.push(
      () => repo.cleanup(),
      () => agent.cleanup(),
    );
    const r = await runRalphCli(['--plan', '.omx/plans/prd-demo.md', '--agent', AGENT_TEMPLATE], repo.dir, agent.env);
    expect(r.json.outcome, r.stderr).toBe('completed');
    for (const text of [r.stderr, r.stdout]) {
      expect(text).not.toMatch(FORGED_COMMAND);
      expect(text).not.toMatch(/[\u001b\u0007\u009b]/);
    }
    expect(r.stderr).toContain('US-2\\r\\n::add-mask::forged-mask');
  });
});
