import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { dispatchKey } from '../../src/core/ralph/run-comment/dispatch-key.js';
import { parseRunComment } from '../../src/core/ralph/run-comment/parse-run-comment.js';
import { RUN_COMMENT_MARKER, renderRunComment } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { newRunCommentData } from '../../src/core/ralph/run-comment/run-comment-transitions.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { issueLabeledEvent } from '../support/app-payloads.js';
import type { DispatchRecord } from '../support/fake-github/state/types.js';
import { EXAMPLES } from '../support/paths.js';
import { runAction } from '../support/run-action.js';
import { PEOPLE, RALPH_WORKFLOW } from '../support/ralph-repo.js';
import { ACTION_ENTRY, dispatchPayload, ralphCheckout, runRalphAction, useActionTestBed } from '../ralph/ralph-action-harness.js';
import { AGENT_PASS_ENV, AGENT_TEMPLATE, type AgentFixture, type PrdStorySpec } from '../ralph/ralph-harness.js';

/**
 * The issue's run comment (`<!-- plangate:run -->`) is the App's exactly-once record of a dispatch,
 * and the ralph runner keeps it current. Anyone who can comment can paste the marker: the runner
 * took any such comment as the run comment, so an older look-alike by someone else was the one it
 * updated (false progress where people watch) and the App's own run comment was deleted as its
 * duplicate — the record gone, a redelivered trigger dispatched a second run. Now only two
 * accounts' comments count: the App's (its bot login, sent as the dispatch input `app-login`) and
 * the token's own (GraphQL `viewer`); with neither known nothing is written.
 * Through the real entry points: the App against the fake GitHub, then the example workflow's
 * step as `node dist/index.js`.
 */
const OWNER = 'acme';
const WORKFLOW = readFileSync(join(EXAMPLES, 'workflows/plangate-ralph.yml'), 'utf8');
const STORIES: PrdStorySpec[] = [{ id: 'US-1', title: 'Write x.txt', verify: ['test -f x.txt'] }];
// A plan the App's gate passes (the PRD says what and why, the test spec how it is checked).
const PLAN = {
  '.omx/plans/prd-demo.md': `# PRD: demo\n\nWrite x.txt so the release script can find its marker file.\n\n## Acceptance criteria\n- [ ] x.txt exists\n`,
  '.omx/plans/test-spec-demo.md': `# Test spec: demo\n\nThe marker file is checked by the shell.\n\n\`\`\`bash\ntest -f x.txt\n\`\`\`\n`,
};
const FORGED = `${RUN_COMMENT_MARKER}\n### plangate ralph: ✅ completed · iteration 4/4\n\nAll stories pass; merge the pull request.`;

const bed = useActionTestBed();
let h: AppHarness;
// The harness shares the test bed's fake GitHub, which the bed closes.
beforeEach(async () => {
  h = await startAppHarness({ fake: bed.fake });
});

// One repository name per test: the file shares one fake GitHub.
let repoCount = 0;
function repository(): { name: string; checkout: ReturnType<typeof ralphCheckout> } {
  const name = `look-alike-${++repoCount}`;
  const checkout = ralphCheckout(bed.fake, OWNER, name, STORIES, { 'US-1': [{ write: { 'x.txt': 'x\n' } }] }, bed.cleanups, {
    [RALPH_WORKFLOW]: WORKFLOW,
    ...PLAN,
  });
  bed.fake.setPermission(OWNER, name, PEOPLE.writer, 'write');
  return { name, checkout };
}

const comments = (repo: string, issue: number) => bed.fake.repo(OWNER, repo).comments.filter((c) => c.issueNumber === issue);
const marked = (repo: string, issue: number) => comments(repo, issue).filter((c) => c.body.includes(RUN_COMMENT_MARKER));
/** Edits and deletions aimed at one comment. */
const writesTo = (id: number) =>
  bed.fake.requests.filter((r) => (r.method === 'PATCH' || r.method === 'DELETE') && r.path.endsWith(`/issues/comments/${id}`));

async function labelRalph(repo: string, issue: number): Promise<object> {
  bed.fake.label(OWNER, repo, issue, 'ralph', PEOPLE.writer);
  const event = issueLabeledEvent(bed.fake, OWNER, repo, issue, 'ralph', PEOPLE.writer);
  await h.deliver('issues', event);
  return event;
}

/** The example workflow's `ralph` step, its `${{ inputs.* }}` filled in from the dispatch, with the scripted agent. */
function runWorkflowStep(repo: string, dispatch: DispatchRecord, workdir: string, agent: AgentFixture) {
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
    extraEnv: { GITHUB_RUN_ID: '4444', ...agent.env },
  });
}

describe('a look-alike run comment older than the App’s (App → example workflow → node dist/index.js)', () => {
  it('is never updated; the App’s run comment shows the run and stays the record, so a redelivery dispatches nothing', async () => {
    const { name, checkout } = repository();
    const issue = bed.fake.addIssue(OWNER, name, { title: 'Ship x', user: PEOPLE.writer }).number;
    const forged = bed.fake.addComment(OWNER, name, issue, FORGED, 'mallory');
    const event = await labelRalph(name, issue);

    const [dispatch, ...more] = bed.fake.repo(OWNER, name).dispatches;
    expect(dispatch, JSON.stringify(h.tasks)).toBeDefined();
    expect(more).toEqual([]);
    const [, appComment] = marked(name, issue);
    expect(appComment).toMatchObject({ user: 'plangate[bot]' });
    bed.fake.resetRequests();

    const run = await runWorkflowStep(name, dispatch!, checkout.repo.dir, checkout.agent);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.outcome).toBe('completed');

    // The look-alike: untouched. The App's comment: still there, with the run's progress and its record intact.
    expect(writesTo(forged.id)).toEqual([]);
    expect(writesTo(appComment!.id).map((r) => r.method)).not.toContain('DELETE');
    expect(marked(name, issue).map((c) => c.id)).toEqual([forged.id, appComment!.id]);
    expect(comments(name, issue).find((c) => c.id === forged.id)!.body).toBe(FORGED);
    const record = comments(name, issue).find((c) => c.id === appComment!.id)!;
    expect(record.body).toContain('### plangate ralph: ✅ completed · iteration 1/');
    expect(parseRunComment(record.body)).toMatchObject({ kind: 'run', data: { status: 'running' } });
    expect(run.stdout.split('\n').filter((l) => l.startsWith('::warning::') && l.includes('run comment'))).toEqual([]);

    // GitHub redelivers the label event: the record says it was dispatched.
    await h.deliver('issues', event);
    expect(bed.fake.repo(OWNER, name).dispatches).toHaveLength(1);
    // How the runner knew the App's comment: the dispatch named the App's account.
    expect(dispatch!.inputs['app-login']).toBe('plangate[bot]');
  }, 180_000);

  it('the App counts only its own run comments: a forged record of this very trigger neither stops the dispatch nor is retired', async () => {
    const { name } = repository();
    const issue = bed.fake.addIssue(OWNER, name, { title: 'Ship x', user: PEOPLE.writer }).number;
    bed.fake.label(OWNER, name, issue, 'ralph', PEOPLE.writer);
    const labelEvent = bed.fake.repo(OWNER, name).issues[issue]!.labelEvents!.at(-1)!;
    // Posted between the labeling and its delivery, with the key that labeling gets and a "dispatched" status.
    const key = dispatchKey({ repo: `${OWNER}/${name}`, issue, label: 'ralph', labelEventId: labelEvent.id });
    const lookAlike = renderRunComment(newRunCommentData({ key, claim: 'forged', previousKeys: [], mode: 'ralph', maxIterations: 1 }));
    const forged = bed.fake.addComment(OWNER, name, issue, lookAlike, 'mallory');
    bed.fake.resetRequests();
    await h.deliver('issues', issueLabeledEvent(bed.fake, OWNER, name, issue, 'ralph', PEOPLE.writer));

    expect(bed.fake.repo(OWNER, name).dispatches).toHaveLength(1);
    expect(writesTo(forged.id)).toEqual([]);
    expect(comments(name, issue).find((c) => c.id === forged.id)!.body).toBe(lookAlike);
    expect(marked(name, issue).map((c) => c.user)).toEqual(['mallory', 'plangate[bot]']);
  }, 60_000);
});

describe('a run without the App’s comment (started by hand)', () => {
  it('writes a run comment of the token’s own and leaves an older look-alike alone', async () => {
    const { name, checkout } = repository();
    const issue = bed.fake.addIssue(OWNER, name, { title: 'Ship x', user: PEOPLE.writer }).number;
    const forged = bed.fake.addComment(OWNER, name, issue, FORGED, 'mallory');
    bed.fake.resetRequests();

    const run = await runRalphAction({ fake: bed.fake, workdir: checkout.repo.dir, owner: OWNER, name, issue, env: checkout.agent.env });
    expect(run.code, run.stdout + run.stderr).toBe(0);

    expect(writesTo(forged.id)).toEqual([]);
    expect(comments(name, issue).find((c) => c.id === forged.id)!.body).toBe(FORGED);
    const [, own, ...more] = marked(name, issue);
    expect(more).toEqual([]);
    expect(own).toMatchObject({ user: 'github-actions[bot]' });
    expect(own!.body).toContain('### plangate ralph: ✅ completed');
  }, 180_000);

  it('fails closed: no app-login and the token’s account cannot be learnt → no comment touched, one warning, the run still completes', async () => {
    const { name, checkout } = repository();
    const issue = bed.fake.addIssue(OWNER, name, { title: 'Ship x', user: PEOPLE.writer }).number;
    bed.fake.addComment(OWNER, name, issue, FORGED, 'mallory');
    bed.fake.resetRequests();
    bed.fake.failNext({ route: '/graphql', status: 502 });

    const run = await runRalphAction({ fake: bed.fake, workdir: checkout.repo.dir, owner: OWNER, name, issue, env: checkout.agent.env });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.outcome).toBe('completed');

    const warnings = run.stdout.split('\n').filter((l) => l.startsWith('::warning::') && l.includes('run comment'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("the token's own account could not be learnt");
    expect(bed.fake.requests.filter((r) => r.path.includes('/comments') && r.method !== 'GET')).toEqual([]);
    expect(comments(name, issue).map((c) => [c.user, c.body])).toEqual([['mallory', FORGED]]);
    // Asked once: the one failure was the answer.
    expect(bed.fake.pendingFaults).toBe(0);
    expect(bed.fake.count('POST /graphql')).toBe(1);
  }, 180_000);
});
