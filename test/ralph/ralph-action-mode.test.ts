import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ActionRun } from '../support/run-action.js';
import type { TempGitRepo } from '../support/temp-git-repo.js';
import { ralphCheckout, runRalphAction, useActionTestBed } from './ralph-action-harness.js';
import type { AgentFixture, AgentScript, PrdStorySpec } from './ralph-harness.js';

const bed = useActionTestBed();
const { cleanups } = bed;

const STORIES: PrdStorySpec[] = [
  { id: 'US-1', title: 'Write x.txt', verify: ['test -f x.txt'] },
  { id: 'US-2', title: 'Write y.txt', verify: ['test -f y.txt'] },
];

const checkout = (owner: string, name: string, stories: PrdStorySpec[], script: AgentScript) =>
  ralphCheckout(bed.fake, owner, name, stories, script, cleanups);
const runRalph = (
  repo: TempGitRepo,
  agent: AgentFixture,
  owner: string,
  name: string,
  issue: number,
  inputs: Record<string, string>,
): Promise<ActionRun> => runRalphAction({ fake: bed.fake, workdir: repo.dir, owner, name, issue, inputs, env: agent.env });

const runComments = (owner: string, name: string, issue: number) =>
  bed.fake.repo(owner, name).comments.filter((c) => c.issueNumber === issue && c.body.includes('<!-- plangate:run -->'));
const commentPatches = () => bed.fake.count('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}');

describe('the Action in mode: ralph (node dist/index.js)', () => {
  it('runs the loop, keeps the run comment current after every step, and opens a PR from the ralph branch', async () => {
    const { repo, bare, agent, mainSha } = checkout('acme', 'widgets', STORIES, {
      'US-1': [{ write: { 'x.txt': 'x\n' } }],
      'US-2': [{ write: { 'y.txt': 'y\n' } }],
    });
    const issue = bed.fake.addIssue('acme', 'widgets', { title: 'Ship the demo', labels: ['ralph'], user: 'alice' });
    // The run comment the App wrote at dispatch, with its hidden exactly-once key.
    bed.fake.addComment(
      'acme',
      'widgets',
      issue.number,
      '<!-- plangate:run -->\n<!-- plangate:dispatch-key issue=1 label=ralph event=99 -->\n### plangate ralph: dispatched · iteration 0/4',
      'plangate[bot]',
    );
    bed.fake.resetRequests();

    const run = await runRalph(repo, agent, 'acme', 'widgets', issue.number, {});
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs).toMatchObject({ outcome: 'completed', iterations: '2' });
    expect(run.outputs['pr-url']).toMatch(/\/acme\/widgets\/pull\/\d+$/);
    expect(run.stdout).toContain('ralph: iteration 2/4 — story 2/2 US-2 passes');
    // The token only ever appears in the runner's mask command.
    expect(run.stdout.split('\n').filter((l) => l.includes('ghs_actionsToken'))).toEqual(['::add-mask::ghs_actionsToken']);

    // The result file, in RUNNER_TEMP (for the artifact) and in the workspace.
    const result = JSON.parse(readFileSync(run.outputs['result-file']!, 'utf8'));
    expect(result).toMatchObject({
      outcome: 'completed',
      iterations: 2,
      issue: 1,
      prUrl: run.outputs['pr-url'],
      stories: [
        { id: 'US-1', passes: true, attempts: 1 },
        { id: 'US-2', passes: true, attempts: 1 },
      ],
    });
    expect(JSON.parse(readFileSync(join(repo.dir, 'plangate-ralph-result.json'), 'utf8'))).toEqual(result);

    // One run comment, updated in place after each step; the App's hidden line survives.
    const [comment, ...others] = runComments('acme', 'widgets', issue.number);
    expect(others).toEqual([]);
    expect(comment!.body).toContain('<!-- plangate:dispatch-key issue=1 label=ralph event=99 -->');
    expect(comment!.body).toContain('### plangate ralph: ✅ completed · iteration 2/4');
    expect(comment!.body).toMatch(/\| 1 \| `US-1` \| Write x\.txt \| ✅ passes \| 1 \| `node check\.js` ✓ · `test -f x\.txt` ✓ \|/);
    expect(comment!.body).toContain(`**Pull request:** ${run.outputs['pr-url']}`);
    expect(comment!.body).toContain('[workflow run](https://github.com/acme/widgets/actions/runs/4242)');
    // started, baseline, 2 × (iteration started, iteration judged), stopped, final with the PR link.
    expect(commentPatches()).toBeGreaterThanOrEqual(7);
    expect(bed.fake.count('POST /repos/{owner}/{repo}/issues/{issue_number}/comments')).toBe(0);
    expect(run.summary).toContain('### plangate ralph: ✅ completed · iteration 2/4');
    expect(run.summary).toContain('| 2 | `US-2` | Write y.txt | ✅ passes | 1 |');

    // The PR: from plangate/ralph-1-demo into main, linking the issue and the plan, with every story's evidence.
    const pulls = Object.values(bed.fake.repo('acme', 'widgets').issues).filter((i) => i.pull);
    expect(pulls).toHaveLength(1);
    const pr = pulls[0]!;
    expect(pr.pull).toMatchObject({ headRef: 'plangate/ralph-1-demo', baseRef: 'main', draft: false });
    expect(pr.body).toContain('Closes #1');
    expect(pr.body).toContain('[`.omx/plans/prd-demo.md`](https://github.com/acme/widgets/blob/main/.omx/plans/prd-demo.md)');
    expect(pr.body).toContain('### ✅ `US-1` Write x.txt');
    expect(pr.body).toContain("- ✓ `test -f x.txt` (story's own check)");
    expect(pr.body).toContain("- ✓ `test -f y.txt` (story's own check)");
    expect(pr.body).toContain('- ✓ `node check.js` (passed before the run, still passes)');

    // Git: main untouched locally and on the remote; the branch holds the work and not the runner's state.
    expect(execFileSync('git', ['rev-parse', 'main'], { cwd: bare, encoding: 'utf8' }).trim()).toBe(mainSha);
    expect(repo.git('rev-parse', 'main')).toBe(mainSha);
    expect(repo.git('symbolic-ref', '--short', 'HEAD')).toBe('plangate/ralph-1-demo');
    const files = execFileSync('git', ['diff', '--name-only', `${mainSha}..plangate/ralph-1-demo`], { cwd: bare, encoding: 'utf8' })
      .trim()
      .split('\n');
    expect(files).toEqual(['x.txt', 'y.txt']);
    const pushedSha = execFileSync('git', ['rev-parse', 'plangate/ralph-1-demo'], { cwd: bare, encoding: 'utf8' }).trim();
    expect(bed.fake.repo('acme', 'widgets').refs['refs/heads/plangate/ralph-1-demo']).toBe(pushedSha);
    expect(agent.entries().map((e) => e.sawSecrets)).toEqual([[], []]);
  });

  it('ends blocked with a failed job, a blocked run comment and no PR when no story passes', async () => {
    const { repo, bare, agent } = checkout('acme', 'gadgets', STORIES, { '*': [{ write: { 'nothing.txt': '' } }] });
    const issue = bed.fake.addIssue('acme', 'gadgets', { title: 'Ship it', labels: ['ralph'] });
    const run = await runRalph(repo, agent, 'acme', 'gadgets', issue.number, {});
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ outcome: 'blocked', iterations: '3', 'pr-url': '' });
    expect(run.stdout).toMatch(/::error::plangate ralph: blocked — story US-1 missed 3 times in a row/);
    const [comment] = runComments('acme', 'gadgets', issue.number);
    expect(comment!.body).toContain('### plangate ralph: 🛑 blocked · iteration 3/4');
    expect(comment!.body).toContain('| 1 | `US-1` | Write x.txt | ❌ missed 3× | 3 | `test -f x.txt` ✗ (exit 1) |');
    expect(Object.values(bed.fake.repo('acme', 'gadgets').issues).filter((i) => i.pull)).toEqual([]);
    expect(execFileSync('git', ['branch', '--list'], { cwd: bare, encoding: 'utf8' }).trim()).toBe('* main');
  });

  it('refuses to start on a rejected prd.json and says so in the run comment', async () => {
    const { repo, agent } = checkout('acme', 'gizmos', STORIES, {});
    repo.write({ '.omx/plans/prd-demo.json': '{ "project": "demo" }\n' });
    const issue = bed.fake.addIssue('acme', 'gizmos', { title: 'Ship it' });
    const run = await runRalph(repo, agent, 'acme', 'gizmos', issue.number, { 'open-pr': 'false' });
    expect(run.code).toBe(1);
    expect(run.outputs).toMatchObject({ outcome: 'failed', iterations: '0' });
    const [comment] = runComments('acme', 'gizmos', issue.number);
    expect(comment!.body).toContain('### plangate ralph: ❌ failed before the first iteration');
    expect(comment!.body).toContain('.omx/plans/prd-demo.json is rejected by the tasks check');
    expect(agent.entries()).toEqual([]);
  });
});
