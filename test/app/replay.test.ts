import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ISSUE_GATE_MARKER } from '../../src/github/sticky-comment.js';
import { parseApprovalReceipt } from '../../src/core/approval/parse-approval-receipt.js';
import { RUN_COMMENT_MARKER } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { issueCommentEvent, issueLabeledEvent, workflowRunCompletedEvent } from '../support/app-payloads.js';
import { OWNER, PEOPLE, REPO, REQUIRE_APPROVAL, ralphResult, seedRalphRepo } from '../support/ralph-repo.js';

let a: AppHarness;
let b: AppHarness;

beforeEach(async () => {
  a = await startAppHarness();
  b = await startAppHarness({ fake: a.fake });
});

afterEach(async () => {
  expect(a.fake.validationErrors).toEqual([]);
  await a.close();
});

interface Delivery {
  name: string;
  id: string;
  payload: object;
}

const REVIEW = [
  '```plangate-review',
  JSON.stringify({ verdict: 'APPROVE', findings: [{ severity: 'MAJOR', title: 'rollback' }] }),
  '```',
].join('\n');

/** The same delivery twice on one replica and once on the other, all at the same time. */
async function replay(d: Delivery): Promise<void> {
  await Promise.all([a.deliver(d.name, d.payload, d.id), a.deliver(d.name, d.payload, d.id), b.deliver(d.name, d.payload, d.id)]);
}

describe('replaying every fixture event of the label, command and run handlers (quality.md)', () => {
  it('each event replayed twice and concurrently, on two replicas, after it happened and again at the end: one dispatch, one run comment, one gate comment', async () => {
    const { fake } = a;
    seedRalphRepo(fake, { config: REQUIRE_APPROVAL });
    const issue = fake.addIssue(OWNER, REPO, { title: 'Ship the export', user: PEOPLE.writer }).number;
    const repo = () => fake.repo(OWNER, REPO);
    const log: Delivery[] = [];
    const happen = async (d: Delivery) => {
      log.push(d);
      await a.deliver(d.name, d.payload, d.id);
      await replay(d);
    };
    const labeled = (label: string, who: string, id: string): Delivery => {
      fake.label(OWNER, REPO, issue, label, who);
      return { name: 'issues', id, payload: issueLabeledEvent(fake, OWNER, REPO, issue, label, who) };
    };
    const commented = (body: string, who: string, id: string): Delivery => ({
      name: 'issue_comment',
      id,
      payload: issueCommentEvent(fake, OWNER, REPO, fake.addComment(OWNER, REPO, issue, body, who).id),
    });

    await happen(labeled('ralph', PEOPLE.writer, 'e1-label-blocked'));
    expect(repo().issues[issue]!.labels).toEqual(['ralplan']);
    // GitHub echoes the App's own label change as an event sent by the App.
    await happen({ name: 'issues', id: 'e2-own-label', payload: issueLabeledEvent(fake, OWNER, REPO, issue, 'ralplan', 'plangate[bot]') });
    await happen(commented('/plangate approve', PEOPLE.maintainer, 'e3-approve'));
    await happen(commented(REVIEW, PEOPLE.maintainer, 'e4-review'));
    await happen(commented('/plangate status', PEOPLE.writer, 'e5-status'));
    await happen(labeled('ralph', PEOPLE.writer, 'e6-label-dispatch'));
    expect(repo().dispatches).toHaveLength(1);
    const runId = repo().dispatches[0]!.runId;
    fake.completeRun(OWNER, REPO, runId, {
      conclusion: 'success',
      artifacts: [{ name: 'plangate-ralph-result', files: { 'plangate-ralph-result.json': ralphResult(issue, 'completed') } }],
    });
    await happen({ name: 'workflow_run', id: 'e7-run-completed', payload: workflowRunCompletedEvent(fake, OWNER, REPO, runId) });

    // Everything again, at once, on both replicas.
    await Promise.all(log.map(replay));

    const comments = repo().comments.filter((c) => c.issueNumber === issue);
    expect(repo().dispatches).toHaveLength(1);
    expect(comments.filter((c) => c.body.includes(RUN_COMMENT_MARKER))).toHaveLength(1);
    expect(comments.filter((c) => c.body.includes(ISSUE_GATE_MARKER))).toHaveLength(1);
    expect(comments.filter((c) => c.user === 'plangate[bot]' && parseApprovalReceipt(c.body).kind === 'receipt')).toHaveLength(1);
    // One answer per command (approve's answer is its receipt; status has its own).
    expect(comments.filter((c) => c.user === 'plangate[bot]' && c.body.includes('<!-- plangate:answer '))).toHaveLength(2);
    expect(comments.filter((c) => c.user === 'plangate[bot]')).toHaveLength(4);
    expect(repo().issues[issue]!.labels).toEqual(['ralph:done']);
    expect(comments.find((c) => c.body.includes(RUN_COMMENT_MARKER))!.body).toContain('✅ completed');
    expect(comments.find((c) => c.body.includes(ISSUE_GATE_MARKER))!.body).toContain('verdict downgraded from APPROVE: 1 blocking finding');
    const tasks = [...a.tasks, ...b.tasks];
    const allowed = [
      'blocked',
      'ignored',
      'approved',
      'review',
      'status',
      'dispatched',
      'finished',
      'already-answered',
      'already-dispatched',
      'lost-claim',
      'already-finished',
      'skipped',
    ];
    for (const task of tasks) expect(allowed).toContain(task.outcome);
    expect(tasks.filter((t) => t.outcome === 'dispatched')).toHaveLength(1);
    expect(tasks.filter((t) => t.outcome === 'finished')).toHaveLength(1);
  });
});
