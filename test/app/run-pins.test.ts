import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { parseRunComment } from '../../src/core/ralph/run-comment/parse-run-comment.js';
import { RUN_COMMENT_MARKER } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { issueCommentEvent, issueLabeledEvent } from '../support/app-payloads.js';
import { PRD_BODY, SPEC_BODY } from '../support/evaluate-files.js';
import { EXAMPLES } from '../support/paths.js';
import { OWNER, PEOPLE, PRD, RALPH_WORKFLOW, REPO, REQUIRE_APPROVAL, SPEC, seedRalphRepo } from '../support/ralph-repo.js';

/**
 * A label-driven run is pinned to what the gate and the approval were checked against: the
 * dispatch carries the commit (the default branch's head, or the `Branch:` line's) and the blob
 * SHAs of the PRD, test spec and stories file there, and the run comment shows the commit. The dispatch `ref`
 * can only name a branch, and by the time the job starts that branch may hold another plan.
 */
let h: AppHarness;

beforeEach(async () => {
  h = await startAppHarness();
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

const repo = () => h.fake.repo(OWNER, REPO);
const runComments = (n: number) => repo().comments.filter((c) => c.issueNumber === n && c.body.includes(RUN_COMMENT_MARKER));
/** Blob SHAs computed by git itself, not by the code under test. */
const blobSha = (text: string) => execFileSync('git', ['hash-object', '--stdin'], { input: text, encoding: 'utf8' }).trim();

async function addLabel(n: number, label: string, who: string): Promise<void> {
  h.fake.label(OWNER, REPO, n, label, who);
  await h.deliver('issues', issueLabeledEvent(h.fake, OWNER, REPO, n, label, who));
}

async function comment(n: number, body: string, who: string): Promise<void> {
  const c = h.fake.addComment(OWNER, REPO, n, body, who);
  await h.deliver('issue_comment', issueCommentEvent(h.fake, OWNER, REPO, c.id));
}

describe('the dispatch of an approved plan', () => {
  it('pins the default branch commit the gate was evaluated at and the blob SHAs of the PRD and test spec', async () => {
    seedRalphRepo(h.fake);
    const head = repo().refs['refs/heads/main']!;
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it' }).number;
    await addLabel(issue, 'ralph', PEOPLE.writer);
    expect(repo().dispatches).toHaveLength(1);
    expect(repo().dispatches[0]!.inputs).toEqual({
      issue: String(issue),
      plan: PRD,
      mode: 'ralph',
      'max-iterations': '10',
      commit: head,
      'prd-sha': blobSha(PRD_BODY),
      'test-spec': SPEC,
      'test-spec-sha': blobSha(SPEC_BODY),
      'stories-sha': '',
      'app-login': 'plangate[bot]',
    });
    const body = runComments(issue)[0]!.body;
    expect(body).toContain(`**Commit:** ${head}`);
    expect(parseRunComment(body)).toMatchObject({ kind: 'run', data: { commit: head, plan: PRD } });
  });

  it('with a Branch: line, pins that branch’s commit and the approved blobs there — not what the default branch holds at the path', async () => {
    seedRalphRepo(h.fake, { config: REQUIRE_APPROVAL, withSpec: false });
    const approvedPrd = `${PRD_BODY}\nApproved on the plan branch.\n`;
    const branchHead = h.fake.commit(OWNER, REPO, 'plan-branch', { [PRD]: approvedPrd, [SPEC]: SPEC_BODY });
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it', body: 'Branch: plan-branch', user: PEOPLE.writer }).number;
    await comment(issue, '/plangate approve', PEOPLE.maintainer);
    await addLabel(issue, 'ralph', PEOPLE.writer);

    expect(repo().dispatches).toHaveLength(1);
    const dispatch = repo().dispatches[0]!;
    // The workflow file runs from the default branch; everything it works on is pinned to the plan branch.
    expect(dispatch.ref).toBe('main');
    expect(dispatch.inputs).toMatchObject({
      plan: PRD,
      commit: branchHead,
      'prd-sha': blobSha(approvedPrd),
      'test-spec': SPEC,
      'test-spec-sha': blobSha(SPEC_BODY),
    });
    expect(dispatch.inputs['prd-sha']).not.toBe(blobSha(PRD_BODY));
    expect(runComments(issue)[0]!.body).toContain(`**Commit:** ${branchHead}`);
  });

  it("pins the blob SHA of the PRD's prd.json stories file, the one the runner reads", async () => {
    const stories =
      '{ "userStories": [{ "id": "US-1", "title": "Export", "acceptanceCriteria": ["rows"], "priority": 1, "passes": false }] }\n';
    seedRalphRepo(h.fake, { files: { '.omx/plans/prd-export.json': stories, '.omc/prd.json': '{ "userStories": [] }\n' } });
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it' }).number;
    await addLabel(issue, 'ralph', PEOPLE.writer);
    expect(repo().dispatches).toHaveLength(1);
    // The sidecar beside the PRD comes first; .omc/prd.json is not what the runner would read.
    expect(repo().dispatches[0]!.inputs).toMatchObject({ plan: PRD, 'stories-sha': blobSha(stories) });
  });

  it('a workflow copied before runs were pinned refuses the pin inputs: nothing runs, and the run comment says what to do', async () => {
    seedRalphRepo(h.fake);
    h.fake.commit(OWNER, REPO, 'main', { [RALPH_WORKFLOW]: exampleWithoutPins() });
    const issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship it' }).number;
    await addLabel(issue, 'ralph', PEOPLE.writer);

    expect(repo().dispatches).toEqual([]);
    expect(h.tasks.at(-1)).toMatchObject({ outcome: 'dispatch-failed' });
    const body = runComments(issue)[0]!.body;
    expect(body).toContain('the workflow could not be started');
    expect(body).toContain('Unexpected inputs provided');
    expect(body).toContain('copy examples/workflows/plangate-ralph.yml again');
  });
});

/** The example workflow as it was before: no commit, prd-sha, test-spec, test-spec-sha, stories-sha or app-login input. */
function exampleWithoutPins(): string {
  const doc = parse(readFileSync(join(EXAMPLES, 'workflows/plangate-ralph.yml'), 'utf8')) as {
    on: { workflow_dispatch: { inputs: Record<string, unknown> } };
  };
  for (const pin of ['commit', 'prd-sha', 'test-spec', 'test-spec-sha', 'stories-sha', 'app-login'])
    delete doc.on.workflow_dispatch.inputs[pin];
  return stringify(doc);
}
