import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRunComment } from '../../src/core/ralph/run-comment/parse-run-comment.js';
import { RUN_COMMENT_MARKER } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { issueLabeledEvent, workflowRunCompletedEvent } from '../support/app-payloads.js';
import { OWNER, PEOPLE, REPO, ralphResult, seedRalphRepo } from '../support/ralph-repo.js';

let h: AppHarness;
let issue: number;
let runId: number;
let runCommentId: number;

const repo = () => h.fake.repo(OWNER, REPO);
const runComment = () => repo().comments.find((c) => c.id === runCommentId)!;
const labels = () => repo().issues[issue]!.labels;
const artifact = (text: string) => [{ name: 'plangate-ralph-result', files: { 'plangate-ralph-result.json': text } }];

beforeEach(async () => {
  h = await startAppHarness();
  seedRalphRepo(h.fake);
  issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship the export' }).number;
  h.fake.label(OWNER, REPO, issue, 'ralph', PEOPLE.writer);
  await h.deliver('issues', issueLabeledEvent(h.fake, OWNER, REPO, issue, 'ralph', PEOPLE.writer));
  runId = repo().dispatches[0]!.runId;
  runCommentId = repo().comments.find((c) => c.body.includes(RUN_COMMENT_MARKER))!.id;
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

/** What the ralph runner does to the comment during the run: rewrites the visible part, keeps the App's hidden lines. */
function runnerProgress(): void {
  const kept = runComment()
    .body.split('\n')
    .filter((l) => /^<!-- plangate:[^\n]*-->$/.test(l.trim()));
  runComment().body = [...kept, '### plangate ralph: 🔁 running · iteration 1/10', '', 'story 1/2 US-1'].join('\n');
}

describe('workflow_run.completed for the ralph workflow', () => {
  it('completed: the same run comment shows the outcome, the stories and the PR; `ralph:done` replaces `ralph`', async () => {
    runnerProgress();
    h.fake.completeRun(OWNER, REPO, runId, {
      conclusion: 'success',
      artifacts: artifact(ralphResult(issue, 'completed', `https://github.com/${OWNER}/${REPO}/pull/7`)),
    });
    await h.deliver('workflow_run', workflowRunCompletedEvent(h.fake, OWNER, REPO, runId));

    expect(
      repo()
        .comments.filter((c) => c.body.includes(RUN_COMMENT_MARKER))
        .map((c) => c.id),
    ).toEqual([runCommentId]);
    const body = runComment().body;
    expect(body).toContain('### plangate ralph: ✅ completed · iteration 2/10');
    expect(body).toContain(`**Pull request:** https://github.com/${OWNER}/${REPO}/pull/7`);
    expect(body).toContain('| 2 | `US-2` | CSV matches the fixture | ✅ passes | 1 |');
    expect(parseRunComment(body)).toMatchObject({ kind: 'run', data: { status: 'finished', outcome: 'completed', runId } });
    expect(labels()).toEqual(['ralph:done']);
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'finished', runOutcome: 'completed', source: 'result-file' });
  });

  it('blocked: `ralph:blocked`, the story that missed shown; the same event again changes nothing', async () => {
    h.fake.completeRun(OWNER, REPO, runId, { conclusion: 'failure', artifacts: artifact(ralphResult(issue, 'blocked')) });
    const event = workflowRunCompletedEvent(h.fake, OWNER, REPO, runId);
    await h.deliver('workflow_run', event, 'done-1');
    expect(labels()).toEqual(['ralph:blocked']);
    expect(runComment().body).toContain('🛑 blocked');
    expect(runComment().body).toContain('| 2 | `US-2` | CSV matches the fixture | ❌ not yet | 3 |');
    const before = runComment().updatedAt;
    await Promise.all([h.deliver('workflow_run', event, 'done-1'), h.deliver('workflow_run', event, 'done-2')]);
    expect(runComment().updatedAt).toBe(before);
    expect(h.tasks.slice(-2).map((t) => t.outcome)).toEqual(['already-finished', 'already-finished']);
  });

  it('no result artifact: the conclusion decides (failed → `ralph:blocked`), and the comment says no result file was left', async () => {
    h.fake.completeRun(OWNER, REPO, runId, { conclusion: 'failure' });
    await h.deliver('workflow_run', workflowRunCompletedEvent(h.fake, OWNER, REPO, runId));
    expect(runComment().body).toContain('❌ failed');
    expect(runComment().body).toContain('**Result:** the workflow run ended failure and left no plangate-ralph-result.json');
    expect(labels()).toEqual(['ralph:blocked']);
    expect(h.tasks.at(-1)).toMatchObject({ source: 'conclusion' });
  });

  it('a result that names another issue or a broken file cannot redirect the update: the run title names the issue', async () => {
    const other = h.fake.addIssue(OWNER, REPO, { title: 'other' }).number;
    h.fake.completeRun(OWNER, REPO, runId, { conclusion: 'success', artifacts: artifact(ralphResult(other, 'completed')) });
    await h.deliver('workflow_run', workflowRunCompletedEvent(h.fake, OWNER, REPO, runId));
    expect(repo().comments.filter((c) => c.issueNumber === other)).toEqual([]);
    expect(labels()).toEqual(['ralph:done']);
  });

  it('runs of other workflows, and runs nobody dispatched, are not looked at', async () => {
    const ci = h.fake.addWorkflow(OWNER, REPO, { path: '.github/workflows/ci.yml', name: 'ci' });
    repo().workflowRuns.push({
      ...repo().workflowRuns[0]!,
      id: 9001,
      workflowId: ci.id,
      event: 'push',
      status: 'completed',
      conclusion: 'success',
      artifacts: [],
    });
    h.fake.resetRequests();
    await h.deliver('workflow_run', workflowRunCompletedEvent(h.fake, OWNER, REPO, 9001));
    expect(h.fake.requests).toEqual([]);
    repo().workflowRuns.push({
      ...repo().workflowRuns[0]!,
      id: 9002,
      workflowId: ci.id,
      status: 'completed',
      conclusion: 'success',
      artifacts: [],
    });
    await h.deliver('workflow_run', workflowRunCompletedEvent(h.fake, OWNER, REPO, 9002));
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'ignored' });
    expect(labels()).toEqual(['ralph']);
  });
});
