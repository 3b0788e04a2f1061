import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { actionPullRequest, type ActionPullRequest } from '../support/action-pull-request.js';
import { PRD_BODY } from '../support/evaluate-files.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import type { ActionRun } from '../support/run-action.js';

/**
 * The comment repeats the result; it never decides it. When it cannot be written, the step says
 * why in one warning — naming the permission to add when it is the token's rights — and the exit
 * code is the findings' alone.
 */
const LIST = '/repos/{owner}/{repo}/issues/{issue_number}/comments';
const SKILL = '---\nname: tidy\ndescription: Tidies the repository.\n---\n# Tidy\n\nRun the formatter.\n';
const PASSING = { base: { '.github/plangate.yml': 'checks: [scan]\n', '.github/skills/tidy/SKILL.md': SKILL }, head: { 'src/a.ts': '' } };
const BLOCKED = {
  base: { '.github/plangate.yml': 'presets: [omx]\nplans:\n  require: always\n' },
  head: { '.omx/plans/prd-20260427T153100Z-alpha.md': PRD_BODY, 'src/a.ts': '' },
};
let fake: FakeGitHub;
const prs: ActionPullRequest[] = [];

beforeAll(async () => {
  fake = await FakeGitHub.start();
  fake.addToken('ghs_workflow', { login: 'github-actions[bot]', type: 'Bot' });
  // `permissions: pull-requests: read`: the token reads the thread, writing it is refused.
  fake.addToken('ghs_read_only', { login: 'github-actions[bot]', type: 'Bot' }, { readOnly: true });
});
afterAll(() => fake.close());
afterEach(() => {
  prs.splice(0).forEach((p) => p.cleanup());
  expect(fake.pendingFaults).toBe(0);
  expect(fake.validationErrors).toEqual([]);
});

async function runOn(
  files: Parameters<typeof actionPullRequest>[1],
  token = 'ghs_workflow',
  fault?: Parameters<FakeGitHub['failNext']>[0],
): Promise<ActionRun> {
  const pr = actionPullRequest(fake, files);
  prs.push(pr);
  if (fault) fake.failNext(fault);
  return pr.run({ comment: 'true', 'github-token': token });
}

const warnings = (run: ActionRun) => run.commands.filter((c) => c.command === 'warning').map((c) => c.message);
const errors = (run: ActionRun) => run.commands.filter((c) => c.command === 'error').map((c) => c.message);

describe('a comment that cannot be posted never fails the check', () => {
  it('a network error: a warning, and a passing pull request passes', async () => {
    const run = await runOn(PASSING, 'ghs_workflow', { method: 'GET', route: LIST, reset: true });
    expect(run.code).toBe(0);
    expect(errors(run)).toEqual([]);
    expect(run.stdout).not.toContain('internal error');
    expect(warnings(run)).toEqual([
      expect.stringMatching(/^plangate: the pull request comment was not posted: GitHub could not be reached/),
    ]);
    expect(run.summary).toContain('plangate: PASS');
  });

  it('403: the warning names the permission to add', async () => {
    const run = await runOn(PASSING, 'ghs_read_only');
    expect(run.code).toBe(0);
    expect(errors(run)).toEqual([]);
    expect(warnings(run)).toHaveLength(1);
    expect(warnings(run)[0]).toContain('403');
    expect(warnings(run)[0]).toContain('`permissions: pull-requests: write`');
  });

  it('404 (a token that cannot see the repository): a warning naming the permission, not a failed step', async () => {
    const run = await runOn(PASSING, 'ghs_workflow', { method: 'GET', route: LIST, status: 404 });
    expect(run.code).toBe(0);
    expect(errors(run)).toEqual([]);
    expect(warnings(run)).toHaveLength(1);
    expect(warnings(run)[0]).toContain('404');
    expect(warnings(run)[0]).toContain('`permissions: pull-requests: write`');
  });

  it('a failing pull request still fails, on its findings and not on the comment', async () => {
    const run = await runOn(BLOCKED, 'ghs_workflow', { method: 'GET', route: LIST, reset: true });
    expect(run.code).toBe(1);
    expect(run.outputs.gate).toBe('blocked');
    expect(run.stdout).not.toContain('internal error');
    expect(errors(run).at(-1)).toMatch(/^plangate: plans failed/);
    expect(warnings(run).filter((w) => w.includes('comment was not posted'))).toHaveLength(1);
  });
});
