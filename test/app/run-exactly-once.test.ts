import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ISSUE_GATE_MARKER } from '../../src/github/sticky-comment.js';
import { parseRunComment } from '../../src/core/ralph/run-comment/parse-run-comment.js';
import { RUN_COMMENT_MARKER } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { issueCommentEvent, issueLabeledEvent, workflowRunCompletedEvent } from '../support/app-payloads.js';
import { OWNER, PEOPLE, REPO, ralphResult, seedRalphRepo } from '../support/ralph-repo.js';

let h: AppHarness;
let issue: number;
const others: AppHarness[] = [];

beforeEach(async () => {
  h = await startAppHarness({ fakeOptions: { latencyMs: 2 } });
  seedRalphRepo(h.fake);
  issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship the export', user: PEOPLE.writer }).number;
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  others.length = 0;
  await h.close();
});

const repo = () => h.fake.repo(OWNER, REPO);
const comments = () => repo().comments.filter((c) => c.issueNumber === issue);
const runComments = () => comments().filter((c) => c.body.includes(RUN_COMMENT_MARKER));
const runData = () =>
  runComments()
    .map((c) => parseRunComment(c.body))
    .map((p) => (p.kind === 'run' ? p.data : undefined));

/** A replica: another Probot + App instance, sharing nothing with `h` but the GitHub it talks to. */
async function replica(): Promise<AppHarness> {
  const other = await startAppHarness({ fake: h.fake });
  others.push(other);
  return other;
}

function labelEvent(label = 'ralph', who: string = PEOPLE.writer): object {
  h.fake.label(OWNER, REPO, issue, label, who);
  return issueLabeledEvent(h.fake, OWNER, REPO, issue, label, who);
}

describe('exactly-once dispatch: the run comment on GitHub is the record', () => {
  it('the same delivery redelivered twice and a concurrent duplicate event: one dispatch, one run comment', async () => {
    const event = labelEvent();
    await h.deliver('issues', event, 'label-1');
    await h.deliver('issues', event, 'label-1');
    await Promise.all([h.deliver('issues', event, 'label-1'), h.deliver('issues', event, 'label-1-duplicate')]);
    expect(repo().dispatches).toHaveLength(1);
    expect(runComments()).toHaveLength(1);
    expect(h.tasks.map((t) => t.outcome)).toEqual(['dispatched', 'already-dispatched', 'already-dispatched', 'already-dispatched']);
  });

  it('two App replicas with separate memory receive the event at the same time: one dispatch, one run comment', async () => {
    const [b, c] = [await replica(), await replica()];
    const event = labelEvent();
    await Promise.all([
      h.deliver('issues', event, 'r-1'),
      b.deliver('issues', event, 'r-1'),
      c.deliver('issues', event, 'r-2'),
      b.deliver('issues', event, 'r-2'),
    ]);
    expect(repo().dispatches).toHaveLength(1);
    expect(runComments()).toHaveLength(1);
    const outcomes = [...h.tasks, ...b.tasks, ...c.tasks].map((t) => t.outcome).sort();
    expect(outcomes.filter((o) => o === 'dispatched')).toHaveLength(1);
    expect(outcomes.every((o) => ['dispatched', 'already-dispatched', 'lost-claim'].includes(o))).toBe(true);
    // The losing claims deleted themselves; the record holds the winner's run.
    expect(runData()[0]).toMatchObject({ status: 'running', runId: repo().dispatches[0]!.runId });
  });

  it('a restarted App (empty memory) that gets the delivery again does not dispatch again', async () => {
    const event = labelEvent();
    await h.deliver('issues', event, 'before-restart');
    const restarted = await replica();
    await restarted.deliver('issues', event, 'before-restart');
    expect(repo().dispatches).toHaveLength(1);
    expect(restarted.tasks.map((t) => t.outcome)).toEqual(['already-dispatched']);
  });

  it('a new trigger while the run is in flight starts nothing and is answered; after the run ends, a new label starts a new run in the same comment slot', async () => {
    const first = labelEvent();
    await h.deliver('issues', first, 'first');
    const commandId = h.fake.addComment(OWNER, REPO, issue, '/plangate run', PEOPLE.maintainer).id;
    await h.deliver('issue_comment', issueCommentEvent(h.fake, OWNER, REPO, commandId));
    expect(repo().dispatches).toHaveLength(1);
    expect(comments().find((c) => c.body.includes('is already in flight'))).toBeDefined();

    const runId = repo().dispatches[0]!.runId;
    h.fake.completeRun(OWNER, REPO, runId, {
      conclusion: 'success',
      artifacts: [{ name: 'plangate-ralph-result', files: { 'plangate-ralph-result.json': ralphResult(issue, 'completed') } }],
    });
    await h.deliver('workflow_run', workflowRunCompletedEvent(h.fake, OWNER, REPO, runId));
    expect(repo().issues[issue]!.labels).toEqual(['ralph:done']);

    const second = labelEvent();
    await h.deliver('issues', second, 'second');
    expect(repo().dispatches).toHaveLength(2);
    // One comment carries the marker (the runner updates that one); the earlier run stays as history.
    expect(runComments()).toHaveLength(1);
    expect(comments().filter((c) => c.body.includes('An earlier plangate run on this issue'))).toHaveLength(1);
    const [data] = runData();
    expect(data?.runId).toBe(repo().dispatches[1]!.runId);
    expect(data?.previousKeys).toHaveLength(1);

    // A late redelivery of the first label event: that labeling ended with the run (the label came off), so nothing happens.
    await h.deliver('issues', first, 'first');
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'skipped' });
    expect(repo().dispatches).toHaveLength(2);
  });

  it('a label the App removed on a blocked gate: its redelivery finds the label gone and writes nothing', async () => {
    const blocked = await startAppHarness();
    others.push(blocked);
    seedRalphRepo(blocked.fake, { withSpec: false });
    const n = blocked.fake.addIssue(OWNER, REPO, { title: 'x' }).number;
    blocked.fake.label(OWNER, REPO, n, 'ralph', PEOPLE.writer);
    const event = issueLabeledEvent(blocked.fake, OWNER, REPO, n, 'ralph', PEOPLE.writer);
    await blocked.deliver('issues', event, 'b-1');
    blocked.fake.resetRequests();
    await blocked.deliver('issues', event, 'b-1');
    expect(blocked.tasks.map((t) => t.outcome)).toEqual(['blocked', 'skipped']);
    expect(
      blocked.fake.requests.filter((r) => r.method !== 'GET' && r.route !== 'POST /app/installations/{installation_id}/access_tokens'),
    ).toEqual([]);
    expect(blocked.fake.repo(OWNER, REPO).comments.filter((c) => c.body.includes(ISSUE_GATE_MARKER))).toHaveLength(1);
    expect(blocked.fake.validationErrors).toEqual([]);
    await blocked.close();
  });
});
