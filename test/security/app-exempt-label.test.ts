import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GATE_COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { checkRunRerequestedEvent, pullRequestEvent } from '../support/app-payloads.js';
import { PRD_BODY } from '../support/evaluate-files.js';

/**
 * GitHub lets a triage user add labels. An exempt label (`plangate:skip`) added by
 * one waived the plans gate — a failing required check turned neutral (passing). An exempt label
 * counts only when whoever added it (the label event's actor, from the issue events API) has
 * the approvers' permission; otherwise the App removes it and answers, like a `ralph` label.
 * And a waiver is for the commit it was given for: before, the label kept waiving every later push.
 */
const EVENTS = 'GET /repos/{owner}/{repo}/issues/{issue_number}/events';
let h: AppHarness;
let pr: number;
let headSha: string;

beforeEach(async () => {
  h = await startAppHarness();
  h.fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n' });
  // Code with a PRD but no test spec: the plans gate blocks.
  headSha = h.fake.commit('acme', 'widgets', 'feature', { '.omx/plans/prd-export.md': PRD_BODY, 'src/export.ts': 'export {};\n' });
  pr = h.fake.addPull('acme', 'widgets', { head: 'feature', body: 'Plan: .omx/plans/prd-export.md', user: 'wendy' }).number;
  h.fake.setPermission('acme', 'widgets', 'alice', 'maintain');
  h.fake.setPermission('acme', 'widgets', 'wendy', 'write');
  h.fake.setPermission('acme', 'widgets', 'tom', 'triage');
  await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

const run = () => h.fake.repo('acme', 'widgets').checkRuns.find((r) => r.headSha === headSha)!;
const labels = () => h.fake.repo('acme', 'widgets').issues[pr]!.labels;
const appComments = () =>
  h.fake
    .repo('acme', 'widgets')
    .comments.filter((c) => c.issueNumber === pr && c.user === 'plangate[bot]' && !c.body.includes(GATE_COMMENT_MARKER));

async function labelBy(who: string): Promise<void> {
  h.fake.label('acme', 'widgets', pr, 'plangate:skip', who);
  await h.deliver(
    'pull_request',
    pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'labeled', label: 'plangate:skip', sender: who }),
  );
}

describe('an exempt label waives the gate only when an approver added it', () => {
  it('added by a triage user: the gate stays (failure), the label is removed and the App says why', async () => {
    expect(run().conclusion).toBe('failure');
    await labelBy('tom');

    expect(run()).toMatchObject({ status: 'completed', conclusion: 'failure' });
    const result = h.evaluations.at(-1)!.result;
    if (result.kind !== 'evaluated') throw new Error(result.kind);
    expect(result.report.gate).toBe('blocked');
    expect(result.report.findings.some((f) => f.ruleId === 'plans/exempt')).toBe(false);
    expect(labels()).not.toContain('plangate:skip');
    expect(appComments()).toHaveLength(1);
    expect(appComments()[0]!.body).toMatch(
      /`plangate:skip`.*needs \*\*write\*\* permission.*@&#8203;tom has \*\*triage\*\* permission.*removed/s,
    );
    // Who added it comes from the issue events API, not from the delivery alone.
    expect(h.fake.count(EVENTS)).toBeGreaterThan(0);
  });

  it('added by a maintainer: waived (the scan of the plan file still passes: success), naming who applied it', async () => {
    await labelBy('alice');
    expect(run()).toMatchObject({ status: 'completed', conclusion: 'success' });
    const result = h.evaluations.at(-1)!.result;
    if (result.kind !== 'evaluated') throw new Error(result.kind);
    expect(result.report.findings.find((f) => f.ruleId === 'plans/exempt')?.message).toContain('applied by alice');
    expect(labels()).toContain('plangate:skip');
    expect(appComments()).toEqual([]);
  });

  it("a re-run reads who applied a label already on the PR: the last labeling counts (an approver's earlier one does not carry over)", async () => {
    h.fake.label('acme', 'widgets', pr, 'plangate:skip', 'alice');
    h.fake.unlabel('acme', 'widgets', pr, 'plangate:skip', 'wendy');
    h.fake.label('acme', 'widgets', pr, 'plangate:skip', 'tom');
    await h.deliver('check_run', checkRunRerequestedEvent(h.fake, 'acme', 'widgets', run().id, [pr]));
    expect(run()).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(labels()).not.toContain('plangate:skip');
  });

  it('a bot not listed in approval.trustedBots cannot waive the gate either', async () => {
    await labelBy('helper-bot[bot]');
    expect(run()).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(labels()).not.toContain('plangate:skip');
  });

  it('a waiver holds only for the head commit it was given for (waived: success, the scan still passes): a later push is judged without it', async () => {
    await labelBy('alice');
    expect(run()).toMatchObject({ status: 'completed', conclusion: 'success' });

    // The author pushes more code after the maintainer waived the gate for the first commit.
    const pushed = h.fake.commit('acme', 'widgets', 'feature', { 'src/import.ts': 'export {};\n' });
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'synchronize' }));
    const runOf = (sha: string) => h.fake.repo('acme', 'widgets').checkRuns.find((r) => r.headSha === sha)!;
    expect(runOf(pushed)).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(runOf(pushed).output.summary).toContain('does not waive this commit');
    const result = h.evaluations.at(-1)!.result;
    if (result.kind !== 'evaluated') throw new Error(result.kind);
    expect(result.report.gate).toBe('blocked');
    // Left on the PR (it may have been added for this very commit a moment ago): it just does not count.
    expect(labels()).toContain('plangate:skip');

    // A re-run of the waived commit keeps its waiver (recorded on its check run).
    await h.deliver('check_run', checkRunRerequestedEvent(h.fake, 'acme', 'widgets', run().id, [pr]));
    expect(run()).toMatchObject({ status: 'completed', conclusion: 'success' });

    // Added again by the maintainer, it waives the new commit.
    h.fake.unlabel('acme', 'widgets', pr, 'plangate:skip', 'alice');
    await labelBy('alice');
    expect(runOf(pushed)).toMatchObject({ status: 'completed', conclusion: 'success' });
    await h.deliver('check_run', checkRunRerequestedEvent(h.fake, 'acme', 'widgets', runOf(pushed).id, [pr]));
    expect(runOf(pushed)).toMatchObject({ status: 'completed', conclusion: 'success' });
  });

  it('a labeled delivery handled after a push binds the waiver to the commit it was added for, not to the new head', async () => {
    h.fake.label('acme', 'widgets', pr, 'plangate:skip', 'alice');
    const labeled = pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'labeled', label: 'plangate:skip', sender: 'alice' });
    const pushed = h.fake.commit('acme', 'widgets', 'feature', { 'src/import.ts': 'export {};\n' });
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'synchronize' }));
    await h.deliver('pull_request', labeled);
    const runOf = (sha: string) => h.fake.repo('acme', 'widgets').checkRuns.find((r) => r.headSha === sha)!;
    expect(run()).toMatchObject({ conclusion: 'success' });
    expect(runOf(pushed)).toMatchObject({ conclusion: 'failure' });
    await h.deliver('check_run', checkRunRerequestedEvent(h.fake, 'acme', 'widgets', runOf(pushed).id, [pr]));
    expect(runOf(pushed)).toMatchObject({ conclusion: 'failure' });
  });

  it('a redelivery of the refused labeling answers once', async () => {
    await labelBy('tom');
    await h.deliver(
      'pull_request',
      pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'labeled', label: 'plangate:skip', sender: 'tom' }),
    );
    expect(appComments()).toHaveLength(1);
    expect(run().conclusion).toBe('failure');
  });
});
