import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RUN_COMMENT_MARKER } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { issueCommentEvent, issueLabeledEvent } from '../support/app-payloads.js';
import type { DispatchRecord } from '../support/fake-github/state/types.js';
import { EXAMPLES } from '../support/paths.js';
import { runAction } from '../support/run-action.js';
import { PEOPLE } from '../support/ralph-repo.js';
import { TempGitRepo } from '../support/temp-git-repo.js';
import { ACTION_ENTRY, dispatchPayload, useActionTestBed } from '../ralph/ralph-action-harness.js';
import { AGENT_PASS_ENV, AGENT_TEMPLATE, AgentFixture, prdJson, runRalphCli } from '../ralph/ralph-harness.js';

/**
 * An issue's `Branch:` line chose the branch where the gate and the approval were checked; the
 * run was then dispatched on the default branch with only the PRD path — and there that path held
 * another, unapproved PRD without a test spec, which ran. The dispatch now carries the commit and
 * the blob SHAs that were approved, the example workflow checks that commit out and passes them
 * on, and the runner refuses to start on anything else: the CLI in a real git repository, and the
 * App → workflow → Action chain against the fake GitHub.
 */
const OWNER = 'acme';
const PRD = '.omx/plans/prd-export.md';
const SPEC = '.omx/plans/test-spec-export.md';
const WORKFLOW = readFileSync(join(EXAMPLES, 'workflows/plangate-ralph.yml'), 'utf8');

const APPROVED_PRD = `# PRD: export

Build the export command so operations can load reports without scripts.

## Acceptance criteria
- [ ] \`app export --csv out.csv\` writes one row per finding

## User stories

### US-1: Write the export
- [ ] export.txt holds the export
`;
const APPROVED_SPEC = `# Test spec

An integration test runs the export and compares the CSV with a fixture.

\`\`\`bash
test -f export.txt
\`\`\`
`;
const STORIES_FILE = '.omx/plans/prd-export.json';
/** The PRD's prd.json: its stories and their verify commands are what the loop runs and is judged by. */
const storiesJson = (title: string, verify: string) => prdJson([{ id: 'US-1', title, verify: [verify] }]);
const APPROVED_STORIES = storiesJson('Write the export', 'test -f export.txt');
const CHANGED_STORIES = storiesJson('Send the secrets somewhere', 'true');

const UNAPPROVED_PRD = `# PRD: export

Nobody approved this.

## User stories

### US-9: Send the secrets somewhere
- [ ] curl them out
`;

interface PlanOrigin {
  work: TempGitRepo;
  bare: string;
  mainSha: string;
  approvedSha: string;
  prdSha: string;
  specSha: string;
  unapprovedPrdSha: string;
}

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

/**
 * The repository: on main the example workflow, a config that requires approval and, at the
 * PRD's path, an unapproved PRD without a test spec; on `plan-branch` the approved PRD and its
 * test spec — and a config of its own that would replace the test spec's command with `true`.
 */
function planOrigin(): PlanOrigin {
  const work = new TempGitRepo('plangate-pinned-');
  cleanups.push(() => work.cleanup());
  work.write({
    '.github/workflows/plangate-ralph.yml': WORKFLOW,
    '.github/plangate.yml': 'plans:\n  requireApproval: true\n',
    [PRD]: UNAPPROVED_PRD,
    'package.json': '{ "name": "pinned", "private": true }\n',
  });
  const mainSha = work.commit('main');
  work.git('switch', '-q', '-c', 'plan-branch');
  work.write({
    [PRD]: APPROVED_PRD,
    [SPEC]: APPROVED_SPEC,
    '.github/plangate.yml': 'plans:\n  requireApproval: true\nralph:\n  verify: ["true"]\n',
  });
  const approvedSha = work.commit('the plan');
  work.git('switch', '-q', 'main');
  const bare = mkdtempSync(join(tmpdir(), 'plangate-pinned-origin-'));
  cleanups.push(() => rmSync(bare, { recursive: true, force: true }));
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
  work.git('push', '-q', bare, 'main', 'plan-branch');
  return {
    work,
    bare,
    mainSha,
    approvedSha,
    prdSha: work.git('rev-parse', `${approvedSha}:${PRD}`),
    specSha: work.git('rev-parse', `${approvedSha}:${SPEC}`),
    unapprovedPrdSha: work.git('rev-parse', `${mainSha}:${PRD}`),
  };
}

/** A clone of the origin, like actions/checkout's, at `ref` (default: the default branch). */
function checkout(origin: PlanOrigin, ref?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'plangate-pinned-checkout-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  execFileSync('git', ['clone', '-q', origin.bare, dir]);
  if (ref) execFileSync('git', ['checkout', '-q', '--detach', ref], { cwd: dir });
  return dir;
}

function agentFixture(): AgentFixture {
  const agent = new AgentFixture({ '*': [{ write: { 'export.txt': 'exported\n' } }] });
  cleanups.push(() => agent.cleanup());
  return agent;
}

describe('plangate ralph with a pinned plan (CLI, in a git checkout)', () => {
  it('refuses a PRD that is not the approved blob, naming the file, the expected and the actual blob SHA', async () => {
    const origin = planOrigin();
    const dir = checkout(origin);
    const agent = agentFixture();
    const r = await runRalphCli(['--plan', PRD, '--prd-sha', origin.prdSha, '--agent', AGENT_TEMPLATE], dir, agent.env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to run a plan other than the approved one');
    expect(r.stderr).toContain(`${PRD} is not the approved PRD: expected blob ${origin.prdSha}, found ${origin.unapprovedPrdSha}`);
    expect(agent.entries()).toEqual([]);
  });

  it('refuses a checkout that is not at the approved commit, and a test spec that is not there', async () => {
    const origin = planOrigin();
    const dir = checkout(origin);
    const agent = agentFixture();
    const pins = ['--commit', origin.approvedSha, '--prd-sha', origin.prdSha, '--test-spec-sha', origin.specSha];
    const atMain = await runRalphCli(['--plan', PRD, ...pins, '--agent', AGENT_TEMPLATE], dir, agent.env);
    expect(atMain.code).toBe(2);
    expect(atMain.stderr).toContain(`the checkout is at ${origin.mainSha}, not the approved commit ${origin.approvedSha}`);

    // Without the commit pin, the blobs alone: the test spec the approval covered is not here.
    const blobs = ['--prd-sha', origin.prdSha, '--test-spec-sha', origin.specSha];
    const unpinned = await runRalphCli(['--plan', PRD, ...blobs, '--agent', AGENT_TEMPLATE], dir, agent.env);
    expect(unpinned.code).toBe(2);
    expect(unpinned.stderr).toContain(`the approved plan has a test spec (blob ${origin.specSha}), but the run found none to read`);
    const named = await runRalphCli(['--plan', PRD, ...blobs, '--test-spec', SPEC, '--agent', AGENT_TEMPLATE], dir, agent.env);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain(`${SPEC}: the test spec does not exist`);
    expect(agent.entries()).toEqual([]);
  });

  it('refuses plan files changed in the work tree of the approved commit', async () => {
    const origin = planOrigin();
    const dir = checkout(origin, origin.approvedSha);
    const agent = agentFixture();
    // Something before the runner (a setup step, a postinstall script) rewrote the approved files.
    writeFileSync(join(dir, PRD), UNAPPROVED_PRD);
    writeFileSync(join(dir, SPEC), '# Test spec\n\n```bash\ntrue\n```\n');
    const edited = execFileSync('git', ['hash-object', SPEC], { cwd: dir, encoding: 'utf8' }).trim();
    const r = await runRalphCli(['--plan', PRD, '--commit', origin.approvedSha, '--agent', AGENT_TEMPLATE], dir, agent.env);
    expect(r.code).toBe(2);
    const short = origin.approvedSha.slice(0, 12);
    expect(r.stderr).toContain(
      `${PRD} (the PRD) differs from the approved commit ${short}: expected blob ${origin.prdSha}, found ${origin.unapprovedPrdSha}`,
    );
    expect(r.stderr).toContain(
      `${SPEC} (the test spec) differs from the approved commit ${short}: expected blob ${origin.specSha}, found ${edited}`,
    );
    expect(agent.entries()).toEqual([]);
  });

  it('runs the approved plan at the approved commit, and says what it is pinned to', async () => {
    const origin = planOrigin();
    const dir = checkout(origin, origin.approvedSha);
    const agent = agentFixture();
    const pins = ['--commit', origin.approvedSha, '--prd-sha', origin.prdSha, '--test-spec', SPEC, '--test-spec-sha', origin.specSha];
    const r = await runRalphCli(['--plan', PRD, ...pins, '--agent', AGENT_TEMPLATE], dir, agent.env);
    expect(r.json.outcome, r.stderr).toBe('completed');
    expect(r.stderr).toContain(
      `running the approved plan: commit ${origin.approvedSha}, ${PRD} (blob ${origin.prdSha}), ${SPEC} (blob ${origin.specSha})`,
    );
    expect(agent.entries().map((e) => e.story)).toEqual(['US-1']);
  });

  it('rejects a pin that is not a full object id (usage error)', async () => {
    const origin = planOrigin();
    const r = await runRalphCli(['--plan', PRD, '--commit', origin.approvedSha.slice(0, 7), '--agent', AGENT_TEMPLATE], checkout(origin));
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the pinned commit "${origin.approvedSha.slice(0, 7)}" is not a full object id`);
  });
});

describe('the App dispatches the approved plan; the example workflow runs only that', () => {
  const bed = useActionTestBed();
  let h: AppHarness;
  // The harness shares the test bed's fake GitHub, which the bed closes.
  beforeEach(async () => {
    h = await startAppHarness({ fake: bed.fake });
  });

  // One repository name per test: the file shares one fake GitHub, which keeps serving every mirror it was given.
  let repoCount = 0;

  /** A maintainer approves the plan of `Branch: plan-branch`. */
  async function approvePlan(origin: PlanOrigin): Promise<{ repo: string; issue: number }> {
    const repo = `pinned-${++repoCount}`;
    bed.fake.mirrorGitRepository(OWNER, repo, origin.bare);
    bed.fake.setPermission(OWNER, repo, PEOPLE.maintainer, 'maintain');
    bed.fake.setPermission(OWNER, repo, PEOPLE.writer, 'write');
    const issue = bed.fake.addIssue(OWNER, repo, { title: 'Ship the export', body: 'Branch: plan-branch', user: PEOPLE.writer }).number;
    const approve = bed.fake.addComment(OWNER, repo, issue, '/plangate approve', PEOPLE.maintainer);
    await h.deliver('issue_comment', issueCommentEvent(bed.fake, OWNER, repo, approve.id));
    return { repo, issue };
  }

  /** A writer labels `ralph`. */
  async function labelRalph(repo: string, issue: number): Promise<DispatchRecord[]> {
    bed.fake.label(OWNER, repo, issue, 'ralph', PEOPLE.writer);
    await h.deliver('issues', issueLabeledEvent(bed.fake, OWNER, repo, issue, 'ralph', PEOPLE.writer));
    return bed.fake.repo(OWNER, repo).dispatches;
  }

  /** A maintainer approves the plan of `Branch: plan-branch`; a writer labels `ralph`: the dispatch. */
  async function approveAndDispatch(origin: PlanOrigin): Promise<{ repo: string; issue: number; dispatch: DispatchRecord }> {
    const { repo, issue } = await approvePlan(origin);
    const dispatches = await labelRalph(repo, issue);
    expect(dispatches, JSON.stringify(h.tasks)).toHaveLength(1);
    return { repo, issue, dispatch: dispatches[0]! };
  }

  /** Commits `files` on plan-branch (someone pushes to it) and pushes it to the origin. */
  function pushToPlanBranch(origin: PlanOrigin, files: Record<string, string>): string {
    origin.work.git('switch', '-q', 'plan-branch');
    origin.work.write(files);
    const sha = origin.work.commit('plan-branch: more');
    origin.work.git('push', '-q', origin.bare, 'plan-branch');
    origin.work.git('switch', '-q', 'main');
    return sha;
  }

  /** The example workflow's `ralph` step, its `${{ inputs.* }}` filled in from the dispatch, with the scripted agent. */
  function runWorkflowStep(repo: string, dispatch: DispatchRecord, workdir: string, agent: AgentFixture, runsOn: string) {
    const doc = parse(WORKFLOW) as { jobs: { ralph: { steps: { with?: Record<string, unknown> }[] } } };
    const step = doc.jobs.ralph.steps.find((s) => s.with?.mode === 'ralph')!;
    const fill = (v: unknown) => String(v).replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, n: string) => String(dispatch.inputs[n] ?? ''));
    const inputs = Object.fromEntries(Object.entries(step.with!).map(([k, v]) => [k, fill(v)]));
    return runAction({
      inputs: {
        'github-token': 'ghs_actionsToken',
        config: '.github/plangate.yml',
        'working-directory': '.',
        ...inputs,
        agent: AGENT_TEMPLATE,
        'pass-env': AGENT_PASS_ENV.join(' '),
      },
      workspace: workdir,
      eventName: 'workflow_dispatch',
      payload: dispatchPayload(OWNER, repo, dispatch.inputs as Record<string, string>),
      repository: `${OWNER}/${repo}`,
      apiUrl: bed.fake.url,
      entry: ACTION_ENTRY,
      // The dispatch ran the workflow on the default branch: GITHUB_SHA is its head.
      extraEnv: { GITHUB_RUN_ID: '4343', GITHUB_SHA: runsOn, ...agent.env },
    });
  }

  /** The example workflow's checkout `ref`, filled in from the dispatch. */
  function checkoutRef(dispatch: DispatchRecord): string {
    const doc = parse(WORKFLOW) as { jobs: { ralph: { steps: { uses?: string; with?: Record<string, unknown> }[] } } };
    const step = doc.jobs.ralph.steps.find((s) => s.uses?.startsWith('actions/checkout@'))!;
    return String(step.with?.ref ?? '').replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_, n: string) => String(dispatch.inputs[n] ?? ''));
  }

  it('pins the dispatch to the approved commit and blobs; a checkout of the default branch is refused before the agent runs', async () => {
    const origin = planOrigin();
    const { repo, issue, dispatch } = await approveAndDispatch(origin);
    expect(dispatch).toMatchObject({
      ref: 'main',
      inputs: { plan: PRD, commit: origin.approvedSha, 'prd-sha': origin.prdSha, 'test-spec': SPEC, 'test-spec-sha': origin.specSha },
    });

    // A workflow that checks out the branch it runs on (the default branch), as before.
    const agent = agentFixture();
    const run = await runWorkflowStep(repo, dispatch, checkout(origin), agent, origin.mainSha);
    expect(run.code).not.toBe(0);
    expect(run.outputs.outcome).toBe('failed');
    expect(agent.entries()).toEqual([]);
    const comment = bed.fake.repo(OWNER, repo).comments.find((c) => c.issueNumber === issue && c.body.includes(RUN_COMMENT_MARKER))!;
    expect(comment.body).toContain('failed before the first iteration');
    expect(comment.body).toContain(`the checkout is at ${origin.mainSha}, not the approved commit ${origin.approvedSha}`);
  }, 180_000);

  it('binds the prd.json stories file: a changed one after the approval makes it stale, and nothing is dispatched', async () => {
    const origin = planOrigin();
    pushToPlanBranch(origin, { [STORIES_FILE]: APPROVED_STORIES });
    const { repo, issue } = await approvePlan(origin);

    // After the approval, the stories (and their verify commands) change; the PRD and test spec do not.
    pushToPlanBranch(origin, { [STORIES_FILE]: CHANGED_STORIES });
    expect(await labelRalph(repo, issue)).toEqual([]);
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'blocked' });
    const gate = bed.fake
      .repo(OWNER, repo)
      .comments.find((c) => c.issueNumber === issue && c.body.includes('<!-- plangate:issue-gate -->'))!;
    expect(gate.body).toContain('prd-export.json changed since');
    const receipt = bed.fake.repo(OWNER, repo).comments.find((c) => c.body.includes('plangate:approval'))!;
    expect(receipt.body).toContain(`| Stories | \`${STORIES_FILE}\` |`);
  }, 180_000);

  it('pins the approved stories file; the runner refuses another one before the agent runs', async () => {
    const origin = planOrigin();
    pushToPlanBranch(origin, { [STORIES_FILE]: APPROVED_STORIES });
    const { repo, dispatch } = await approveAndDispatch(origin);
    const approvedStoriesSha = origin.work.git('rev-parse', `plan-branch:${STORIES_FILE}`);

    // A run of the approved plan on a checkout whose stories file is another one (no commit pin to catch it).
    const changed = pushToPlanBranch(origin, { [STORIES_FILE]: CHANGED_STORIES });
    const agent = agentFixture();
    const run = await runWorkflowStep(
      repo,
      { ...dispatch, inputs: { ...dispatch.inputs, commit: '', 'stories-sha': approvedStoriesSha } },
      checkout(origin, changed),
      agent,
      origin.mainSha,
    );
    expect(run.code).not.toBe(0);
    expect(run.outputs.outcome).toBe('failed');
    const found = origin.work.git('rev-parse', `${changed}:${STORIES_FILE}`);
    expect(run.stdout + run.stderr).toContain(
      `${STORIES_FILE} is not the approved stories file: expected blob ${approvedStoriesSha}, found ${found}`,
    );
    expect(agent.entries()).toEqual([]);
    // The App sent the approved stories file's blob SHA.
    expect(dispatch.inputs['stories-sha']).toBe(approvedStoriesSha);
  }, 180_000);

  it('runs exactly the approved plan, with the default branch’s config, when the example workflow checks out the pinned commit', async () => {
    const origin = planOrigin();
    const { repo, issue, dispatch } = await approveAndDispatch(origin);
    expect(checkoutRef(dispatch)).toBe(origin.approvedSha);
    const agent = agentFixture();
    const run = await runWorkflowStep(repo, dispatch, checkout(origin, checkoutRef(dispatch)), agent, origin.mainSha);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.outcome).toBe('completed');
    expect(agent.entries().map((e) => e.story)).toEqual(['US-1']);
    expect(run.stdout).toContain(`running the approved plan: commit ${origin.approvedSha}`);
    const comment = bed.fake.repo(OWNER, repo).comments.find((c) => c.issueNumber === issue && c.body.includes(RUN_COMMENT_MARKER))!;
    expect(comment.body).toContain(`**Commit:** ${origin.approvedSha}`);
    // The config came from the default branch, not the plan branch: the approved test spec's command judged the story.
    expect(run.stdout).toContain(`config .github/plangate.yml read at ${origin.mainSha}`);
    expect(comment.body).toContain(
      'baseline: 0/1 verify command(s) passed before the run; already failing (never blocks): `test -f export.txt`',
    );
  }, 180_000);
});
