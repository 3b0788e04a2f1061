import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ISSUE_GATE_MARKER } from '../../src/github/sticky-comment.js';
import { parseRunComment } from '../../src/core/ralph/run-comment/parse-run-comment.js';
import { RUN_COMMENT_MARKER } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { issueCommentEvent, issueLabeledEvent } from '../support/app-payloads.js';
import { OWNER, PEOPLE, PRD, REPO, REQUIRE_APPROVAL, seedRalphRepo } from '../support/ralph-repo.js';

let h: AppHarness;

beforeEach(async () => {
  h = await startAppHarness();
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

const repo = () => h.fake.repo(OWNER, REPO);
const issueLabels = (n: number) => repo().issues[n]!.labels;
const comments = (n: number) => repo().comments.filter((c) => c.issueNumber === n);
const gateComments = (n: number) => comments(n).filter((c) => c.body.includes(ISSUE_GATE_MARKER));
const runComments = (n: number) => comments(n).filter((c) => c.body.includes(RUN_COMMENT_MARKER));

/** `who` adds `label` on GitHub, and GitHub delivers the `issues.labeled` event. */
async function addLabel(n: number, label: string, who: string, deliveryId?: string): Promise<object> {
  h.fake.label(OWNER, REPO, n, label, who);
  const event = issueLabeledEvent(h.fake, OWNER, REPO, n, label, who);
  await h.deliver('issues', event, deliveryId);
  return event;
}

async function comment(n: number, body: string, who: string): Promise<number> {
  const c = h.fake.addComment(OWNER, REPO, n, body, who);
  await h.deliver('issue_comment', issueCommentEvent(h.fake, OWNER, REPO, c.id));
  return c.id;
}

describe('an execution label on an issue', () => {
  it('a write user labels `ralph` while the plan has no test spec: the label becomes `ralplan`, one gate comment names the missing test spec, nothing is dispatched', async () => {
    seedRalphRepo(h.fake, { withSpec: false });
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship the export', body: 'Build the CSV export.', user: PEOPLE.writer }).number;

    await addLabel(issue, 'ralph', PEOPLE.writer);

    expect(issueLabels(issue)).toEqual(['ralplan']);
    expect(repo().dispatches).toEqual([]);
    expect(gateComments(issue)).toHaveLength(1);
    const body = gateComments(issue)[0]!.body;
    expect(body).toContain('**Ralph Ralplan-First Gate:** BLOCKED');
    expect(body).toContain('- Missing: `test-spec-*.md`');
    expect(body).toContain('test-spec-export.md');
    expect(runComments(issue)).toEqual([]);
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'blocked', reason: 'planning_incomplete' });
    // Only the App wrote: the gate comment, and nothing else.
    expect(comments(issue).map((c) => c.user)).toEqual(['plangate[bot]']);
  });

  it('requireApproval: blocked with "approval required" until a maintainer approves; then the label dispatches once, with the run comment at iteration 0/N', async () => {
    seedRalphRepo(h.fake, { config: REQUIRE_APPROVAL });
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship the export', user: PEOPLE.writer }).number;

    await addLabel(issue, 'ralph', PEOPLE.writer);
    expect(issueLabels(issue)).toEqual(['ralplan']);
    expect(repo().dispatches).toEqual([]);
    expect(gateComments(issue)[0]!.body).toContain('approval required');
    expect(gateComments(issue)[0]!.body).toContain('❌ none');

    await comment(issue, '/plangate approve', PEOPLE.maintainer);
    const receipt = comments(issue).find((c) => c.user === 'plangate[bot]' && c.body.includes('<!-- plangate:approval '));
    expect(receipt?.body).toContain('Plan approved');
    expect(receipt?.body).toContain('alice (**maintain**)');
    // The gate comment already shows the approval.
    expect(gateComments(issue)[0]!.body).toContain('✅ fresh');

    const event = await addLabel(issue, 'ralph', PEOPLE.writer, 'approved-label');
    // The same delivery twice more, a concurrent duplicate, and another App instance with its own memory.
    const replica = await startAppHarness({ fake: h.fake });
    await h.deliver('issues', event, 'approved-label');
    await h.deliver('issues', event, 'approved-label');
    await Promise.all([
      h.deliver('issues', event, 'approved-label'),
      h.deliver('issues', event, 'duplicate'),
      replica.deliver('issues', event, 'approved-label'),
    ]);
    expect(replica.tasks.map((t) => t.outcome)).toEqual(['already-dispatched']);
    expect(repo().dispatches).toHaveLength(1);
    expect(repo().dispatches[0]).toMatchObject({
      ref: 'main',
      workflowPath: '.github/workflows/plangate-ralph.yml',
      inputs: { issue: String(issue), plan: PRD, mode: 'ralph', 'max-iterations': '10' },
      actor: 'plangate[bot]',
    });
    expect(issueLabels(issue)).toEqual(['ralph']);
    expect(runComments(issue)).toHaveLength(1);
    const run = runComments(issue)[0]!;
    expect(run.body).toContain('iteration 0/10');
    expect(run.body).toContain(`[workflow run](https://github.com/${OWNER}/${REPO}/actions/runs/${repo().dispatches[0]!.runId})`);
    expect(run.body).toContain('approved by @&#8203;alice'); // escaped: no live mention
    const data = parseRunComment(run.body);
    expect(data).toMatchObject({ kind: 'run', data: { status: 'running', runId: repo().dispatches[0]!.runId, plan: PRD, mode: 'ralph' } });
    expect(gateComments(issue)).toHaveLength(1);
    expect(gateComments(issue)[0]!.body).toContain('execution UNLOCKED');
  });

  it('a `team` label dispatches mode team, within the documented API cost', async () => {
    seedRalphRepo(h.fake);
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it' }).number;
    await addLabel(issue, 'team', PEOPLE.maintainer);
    expect(repo().dispatches.map((d) => d.inputs.mode)).toEqual(['team']);
    const { byRoute } = h.fake.counts();
    // docs/app.md "What it costs": config (branch + file), permission, issue, its events, one tree, one GraphQL batch, two comment listings.
    expect(byRoute).toMatchObject({
      'GET /repos/{owner}/{repo}/branches/{branch}': 1,
      'GET /repos/{owner}/{repo}/contents/{path}': 1,
      'GET /repos/{owner}/{repo}/collaborators/{username}/permission': 1,
      'GET /repos/{owner}/{repo}/issues/{issue_number}': 1,
      'GET /repos/{owner}/{repo}/issues/{issue_number}/events': 1,
      'GET /repos/{owner}/{repo}/git/trees/{tree_sha}': 1,
      'POST /graphql': 1,
      'GET /repos/{owner}/{repo}/issues/{issue_number}/comments': 2,
      'POST /repos/{owner}/{repo}/issues/{issue_number}/comments': 1,
      'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches': 1,
      'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}': 1,
    });
    expect(h.fake.counts().total).toBe(14); // and GET /app + the installation token, once per process
  });

  it("a triage user's label is removed with an answer, and nothing else changes", async () => {
    seedRalphRepo(h.fake);
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it' }).number;
    await addLabel(issue, 'ralph', PEOPLE.triager);

    expect(issueLabels(issue)).toEqual([]);
    expect(repo().dispatches).toEqual([]);
    expect(comments(issue)).toHaveLength(1);
    expect(comments(issue)[0]!.body).toContain(
      'needs **write** permission on this repository or higher; @&#8203;tom has **triage** permission. The label was removed.',
    );
    expect(gateComments(issue)).toEqual([]);
    // The permission was read as role_name: triage, not the legacy `read`.
    expect(h.fake.count('GET /repos/{owner}/{repo}/collaborators/{username}/permission')).toBe(1);
  });

  it('labels the App sets, and labels that are not execution labels, cost no permission lookup and change nothing', async () => {
    seedRalphRepo(h.fake);
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it' }).number;
    await addLabel(issue, 'bug', PEOPLE.writer);
    await addLabel(issue, 'ralph', 'plangate[bot]');
    expect(h.tasks.map((t) => t.outcome)).toEqual(['ignored', 'ignored']);
    expect(h.fake.count('GET /repos/{owner}/{repo}/collaborators/{username}/permission')).toBe(0);
    expect(repo().dispatches).toEqual([]);
  });

  it("an untrusted bot's label is ignored; a bot listed in approval.trustedBots dispatches", async () => {
    seedRalphRepo(h.fake, { config: 'approval:\n  trustedBots: [planner]\n' });
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it' }).number;
    await addLabel(issue, 'ralph', 'renovate[bot]');
    expect(repo().dispatches).toEqual([]);
    expect(issueLabels(issue)).toEqual(['ralph']);
    h.fake.unlabel(OWNER, REPO, issue, 'ralph', 'octocat');
    await addLabel(issue, 'ralph', 'planner[bot]');
    expect(repo().dispatches).toHaveLength(1);
    expect(h.tasks.map((t) => t.outcome)).toEqual(['ignored', 'dispatched']);
  });

  it('a closed issue does not start a run, and says so', async () => {
    seedRalphRepo(h.fake);
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it' }).number;
    repo().issues[issue]!.state = 'closed';
    await addLabel(issue, 'ralph', PEOPLE.writer);
    expect(repo().dispatches).toEqual([]);
    expect(comments(issue).map((c) => c.body)).toEqual([expect.stringContaining('This issue is closed')]);
  });

  it("a plan named by the issue's Plan: line that does not exist blocks with what is wrong", async () => {
    seedRalphRepo(h.fake);
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it', body: 'Plan: .omx/plans/prd-nothing.md' }).number;
    await addLabel(issue, 'ralph', PEOPLE.writer);
    expect(repo().dispatches).toEqual([]);
    expect(gateComments(issue)[0]!.body).toContain('prd-nothing.md');
  });

  it('the Branch: line evaluates the gate on that branch, config still from the default branch', async () => {
    seedRalphRepo(h.fake, { withSpec: false, config: 'ralph:\n  maxIterations: 4\n' });
    h.fake.commit(OWNER, REPO, 'plan-branch', {
      '.omx/plans/test-spec-export.md':
        '# Test spec\n\nAn integration test runs the export and compares the CSV with a fixture.\n\n```bash\nnpm test\n```\n',
      '.github/plangate.yml': 'ralph:\n  maxIterations: 99\n',
    });
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it', body: 'Branch: plan-branch' }).number;
    await addLabel(issue, 'ralph', PEOPLE.writer);
    expect(repo().dispatches).toHaveLength(1);
    expect(repo().dispatches[0]!.inputs['max-iterations']).toBe('4');
  });

  it('an older GitHub without return_run_details: the dispatch is sent again without it and the run found by its title', async () => {
    seedRalphRepo(h.fake);
    h.fake.state.returnRunDetails = 'rejected';
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it' }).number;
    await addLabel(issue, 'ralph', PEOPLE.writer);
    expect(repo().dispatches).toHaveLength(1);
    expect(h.fake.count('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches')).toBe(2);
    const data = parseRunComment(runComments(issue)[0]!.body);
    expect(data).toMatchObject({ kind: 'run', data: { status: 'running', runId: repo().dispatches[0]!.runId } });
  });

  it('a dispatch GitHub refuses is recorded in the run comment, and the label event is not retried', async () => {
    seedRalphRepo(h.fake, { config: 'ralph:\n  workflow: missing.yml\n' });
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it' }).number;
    const event = await addLabel(issue, 'ralph', PEOPLE.writer, 'd-1');
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'dispatch-failed' });
    expect(runComments(issue)[0]!.body).toContain('the workflow could not be started');
    expect(runComments(issue)[0]!.body).toContain('answered 404');
    await h.deliver('issues', event, 'd-1');
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'already-dispatched' });
    expect(runComments(issue)).toHaveLength(1);
  });
});
