import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GATE_COMMENT_MARKER, ISSUE_GATE_MARKER } from '../../src/github/sticky-comment.js';
import { parseApprovalReceipt } from '../../src/core/approval/parse-approval-receipt.js';
import { RUN_COMMENT_MARKER } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { issueCommentEvent, issueLabeledEvent, pullRequestEvent, workflowRunCompletedEvent } from '../support/app-payloads.js';
import { PRD_BODY } from '../support/evaluate-files.js';
import { OWNER, PEOPLE, PRD, REPO, REQUIRE_APPROVAL, SPEC, seedRalphRepo } from '../support/ralph-repo.js';

let h: AppHarness;
let issue: number;

beforeEach(async () => {
  h = await startAppHarness();
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

const repo = () => h.fake.repo(OWNER, REPO);
const comments = (n = issue) => repo().comments.filter((c) => c.issueNumber === n);
const byApp = (n = issue) => comments(n).filter((c) => c.user === 'plangate[bot]');
const receipts = (n = issue) => byApp(n).filter((c) => parseApprovalReceipt(c.body).kind === 'receipt');
const gateComment = (n = issue) => comments(n).find((c) => c.body.includes(ISSUE_GATE_MARKER));

async function comment(body: string, who: string, n = issue): Promise<number> {
  const c = h.fake.addComment(OWNER, REPO, n, body, who);
  await h.deliver('issue_comment', issueCommentEvent(h.fake, OWNER, REPO, c.id));
  return c.id;
}

async function addLabel(label: string, who: string): Promise<void> {
  h.fake.label(OWNER, REPO, issue, label, who);
  await h.deliver('issues', issueLabeledEvent(h.fake, OWNER, REPO, issue, label, who));
}

/** The App's answer to one comment (it carries a hidden marker per comment). */
const answers = () => byApp().filter((c) => c.body.includes('<!-- plangate:answer '));

const REVIEW = (verdict: string, findings: object[], extra: object = {}) =>
  [
    'Critic review of the plan:',
    '',
    '```plangate-review',
    JSON.stringify({ verdict, role: 'critic', findings, ...extra }, null, 2),
    '```',
  ].join('\n');

describe('comment commands', () => {
  beforeEach(() => {
    seedRalphRepo(h.fake, { config: REQUIRE_APPROVAL });
    issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship the export', user: PEOPLE.writer }).number;
  });

  it("a read user's /plangate approve is refused with an answer, and no receipt is written", async () => {
    await comment('/plangate approve', PEOPLE.reader);
    expect(receipts()).toEqual([]);
    expect(answers()).toHaveLength(1);
    expect(answers()[0]!.body).toContain(
      '`/plangate approve` needs **write** permission on this repository or higher; @&#8203;rita has **read** permission.',
    );
    expect(repo().issues[issue]!.labels).toEqual([]);
    expect(repo().dispatches).toEqual([]);
  });

  it('/plangate approve binds the receipt to the blob SHAs of the PRD and its test spec on the default branch', async () => {
    await comment('/plangate approve', PEOPLE.maintainer);
    expect(receipts()).toHaveLength(1);
    const parsed = parseApprovalReceipt(receipts()[0]!.body);
    if (parsed.kind !== 'receipt') throw new Error('no receipt');
    const blobSha = (path: string) => {
      const head = repo().refs['refs/heads/main']!;
      let tree = repo().trees[repo().commits[head]!.tree]!;
      const parts = path.split('/');
      for (const part of parts.slice(0, -1)) tree = repo().trees[tree.find((e) => e.name === part)!.sha]!;
      return tree.find((e) => e.name === parts.at(-1))!.sha;
    };
    expect(parsed.receipt).toMatchObject({
      approver: 'alice',
      permission: 'maintain',
      prd: { path: PRD, sha: blobSha(PRD) },
      testSpec: { path: SPEC, sha: blobSha(SPEC) },
    });
  });

  it('an approval followed by a commit that edits the PRD is stale, and the gate blocks again', async () => {
    await comment('/plangate approve', PEOPLE.maintainer);
    h.fake.commit(OWNER, REPO, 'main', { [PRD]: `${PRD_BODY}\n- [ ] a new criterion nobody approved\n` });
    await addLabel('ralph', PEOPLE.writer);

    expect(repo().dispatches).toEqual([]);
    expect(repo().issues[issue]!.labels).toEqual(['ralplan']);
    const gate = gateComment()!.body;
    expect(gate).toContain('- approval stale: prd-export.md changed since @&#8203;alice approved');
    expect(gate).toContain('⚠️ stale');

    // /plangate status says the same.
    await comment('/plangate status', PEOPLE.writer);
    expect(answers().at(-1)!.body).toContain('approval stale: prd-export.md changed since @&#8203;alice approved');
    expect(answers().at(-1)!.body).toContain('**Run:** none on this thread.');

    // A new approval of the edited plan unlocks it.
    await comment('/plangate approve', PEOPLE.maintainer);
    await addLabel('ralph', PEOPLE.writer);
    expect(repo().dispatches).toHaveLength(1);
    expect(repo().issues[issue]!.labels).toEqual(['ralph']);
  });

  it('/plangate revoke withdraws the approval: the next label is blocked again', async () => {
    await comment('/plangate approve', PEOPLE.maintainer);
    await comment('/plangate revoke', PEOPLE.writer);
    expect(receipts()).toHaveLength(2);
    expect(receipts()[1]!.body).toContain('Approval revoked');
    await addLabel('ralph', PEOPLE.writer);
    expect(repo().dispatches).toEqual([]);
    expect(gateComment()!.body).toContain('approval revoked by @&#8203;wendy');
    await comment('/plangate revoke', PEOPLE.writer);
    expect(answers().at(-1)!.body).toContain('already revoked');
  });

  it('/plangate approve <path> approves that PRD; a path that is no plan is answered, not approved', async () => {
    await comment('/plangate approve .omx/plans/prd-nope.md', PEOPLE.maintainer);
    expect(receipts()).toEqual([]);
    expect(answers()[0]!.body).toContain('Nothing to approve: `.omx/plans/prd-nope.md` is not a plan on main');
    await comment('/plangate approve ../../etc/passwd', PEOPLE.maintainer);
    expect(answers()[1]!.body).toContain('Cannot approve that path');
    await comment(`/plangate approve ${PRD}`, PEOPLE.maintainer);
    expect(receipts()).toHaveLength(1);
  });

  it('/plangate help lists the commands; an unknown command gets the help; a comment that is no command costs no request', async () => {
    await comment('/plangate help', PEOPLE.writer);
    expect(answers()[0]!.body).toContain('`/plangate approve [<prd path>]`');
    expect(answers()[0]!.body).toContain('Commands need **write** permission');
    await comment('/plangate frobnicate', PEOPLE.writer);
    expect(answers()[1]!.body).toContain('Unknown command `frobnicate`');
    h.fake.resetRequests();
    await comment('Looks good to me, /plangate later maybe', PEOPLE.writer);
    expect(h.fake.requests).toEqual([]);
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'not-a-command' });
  });

  it('the same command delivered again is answered once (the answer is found by its marker)', async () => {
    const id = h.fake.addComment(OWNER, REPO, issue, '/plangate approve', PEOPLE.maintainer).id;
    const event = issueCommentEvent(h.fake, OWNER, REPO, id);
    await h.deliver('issue_comment', event, 'c-1');
    await h.deliver('issue_comment', event, 'c-1');
    await Promise.all([h.deliver('issue_comment', event, 'c-1'), h.deliver('issue_comment', event, 'c-2')]);
    expect(receipts()).toHaveLength(1);
    expect(h.tasks.map((t) => t.outcome)).toEqual(['approved', 'already-answered', 'already-answered', 'already-answered']);
  });

  it("commands from bots are ignored unless the bot is trusted; the App's own comments are never read as commands", async () => {
    await comment('/plangate approve', 'dependabot[bot]');
    await comment('/plangate approve', 'plangate[bot]');
    expect(byApp().filter((c) => !c.body.startsWith('/plangate'))).toEqual([]);
    expect(h.tasks.map((t) => t.outcome)).toEqual(['ignored', 'ignored']);
  });

  it('/plangate run behaves like the run label; /plangate cancel cancels the run in flight and removes the execution labels', async () => {
    await comment('/plangate approve', PEOPLE.maintainer);
    await comment('/plangate run', PEOPLE.writer);
    expect(repo().dispatches).toHaveLength(1);
    const runId = repo().dispatches[0]!.runId;
    h.fake.label(OWNER, REPO, issue, 'ralph', PEOPLE.writer);

    await comment('/plangate cancel', PEOPLE.writer);
    expect(repo().workflowRuns.find((r) => r.id === runId)).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
    expect(repo().issues[issue]!.labels).toEqual([]);
    const run = comments().find((c) => c.body.includes(RUN_COMMENT_MARKER))!;
    expect(run.body).toContain('⏹️ cancelling');
    expect(answers().at(-1)!.body).toContain('Cancelling the ralph run');
    // GitHub reports the cancelled run: the record ends, and a second cancel finds nothing to stop.
    await h.deliver('workflow_run', workflowRunCompletedEvent(h.fake, OWNER, REPO, runId));
    expect(comments().find((c) => c.body.includes(RUN_COMMENT_MARKER))!.body).toContain('⏹️ cancelled');
    await comment('/plangate cancel', PEOPLE.writer);
    expect(answers().at(-1)!.body).toContain('No ralph run is in flight');
  });

  it('the cancel label cancels too, and is removed with the execution labels', async () => {
    await comment('/plangate approve', PEOPLE.maintainer);
    await addLabel('ralph', PEOPLE.writer);
    const runId = repo().dispatches[0]!.runId;
    await addLabel('cancel', PEOPLE.writer);
    expect(repo().workflowRuns.find((r) => r.id === runId)?.conclusion).toBe('cancelled');
    expect(repo().issues[issue]!.labels).toEqual([]);
  });
});

describe('critic verdicts', () => {
  it('an APPROVE with one MAJOR finding counts as ITERATE, with the downgrade text, in the issue gate comment', async () => {
    seedRalphRepo(h.fake);
    issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship the export' }).number;
    await comment(
      REVIEW('APPROVE', [
        { severity: 'MAJOR', title: 'No rollback plan' },
        { severity: 'MINOR', title: 'typo' },
      ]),
      PEOPLE.writer,
    );
    const gate = gateComment()!.body;
    expect(gate).toContain(
      '| Critic | **ITERATE** (given: APPROVE) by @&#8203;wendy — verdict downgraded from APPROVE: 1 blocking finding\\(s\\) |',
    );
    // A reader's review block does not count.
    await comment(REVIEW('REJECT', []), PEOPLE.reader);
    expect(gateComment()!.body).toContain('**ITERATE**');
    expect(gateComment()!.body).not.toContain('REJECT');
  });

  it('on a pull request: the gate comment shows the approval table with the normalized verdict and the PR-head approval', async () => {
    seedRalphRepo(h.fake, { config: REQUIRE_APPROVAL, withSpec: false });
    // The PR adds code with its test spec, so the plan gate applies (a docs-only change needs no plan).
    h.fake.commit(OWNER, REPO, 'feature', {
      [SPEC]: '# Test spec\n\nAn integration test runs the export and compares the CSV with a fixture.\n\n```bash\nnpm test\n```\n',
      'src/export.ts': 'export {};\n',
    });
    const pr = h.fake.addPull(OWNER, REPO, { head: 'feature', body: `Plan: ${PRD}` }).number;
    await h.deliver('pull_request', pullRequestEvent(h.fake, OWNER, REPO, pr));
    const prGate = () => comments(pr).find((c) => c.body.includes(GATE_COMMENT_MARKER))!.body;
    expect(prGate()).toContain('#### Plan approval');
    expect(prGate()).toContain('❌ none');

    const gates = {
      principleOptionConsistency: { pass: true, reason: 'ok' },
      alternativesDepth: { pass: false, reason: 'one option only' },
      riskVerificationRigor: { pass: true, reason: 'ok' },
      deliberateAdditions: { pass: true, reason: 'ok' },
    };
    await comment(REVIEW('ACCEPT', [], { gates }), 'planner[bot]', pr);
    // planner[bot] is not trusted: nothing changes.
    expect(prGate()).not.toContain('ITERATE');
    // A block that misses gates is named as not counted.
    await comment(REVIEW('APPROVE', [], { gates: { alternativesDepth: gates.alternativesDepth } }), PEOPLE.maintainer, pr);
    expect(prGate()).toContain('Review blocks that were not counted');
    expect(prGate()).toContain('gates.principleOptionConsistency');
    await comment(REVIEW('ACCEPT', [], { gates }), PEOPLE.maintainer, pr);
    expect(prGate()).not.toContain('Review blocks that were not counted');
    expect(prGate()).toContain(
      '**ITERATE** (given: ACCEPT) by @&#8203;alice — verdict downgraded from APPROVE: failed gates: alternativesDepth',
    );

    await comment('/plangate approve', PEOPLE.maintainer, pr);
    expect(receipts(pr)).toHaveLength(1);
    // The receipt is bound to the PR head's test spec (the default branch has none).
    const parsed = parseApprovalReceipt(receipts(pr)[0]!.body);
    expect(parsed.kind === 'receipt' && parsed.receipt.testSpec?.path).toBe(SPEC);
    expect(prGate()).toContain('✅ fresh');
    expect(comments(pr).filter((c) => c.body.includes(GATE_COMMENT_MARKER))).toHaveLength(1);
  });
});
