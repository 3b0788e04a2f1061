import { createHash } from 'node:crypto';
import { Octokit } from '@octokit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hiddenComment } from '../../src/core/approval/hidden-json.js';
import { parseApprovalReceipt } from '../../src/core/approval/parse-approval-receipt.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { issueCommentEvent, issueLabeledEvent } from '../support/app-payloads.js';
import { PRD_BODY } from '../support/evaluate-files.js';
import { OWNER, PEOPLE, PRD, REPO, SPEC, seedRalphRepo } from '../support/ralph-repo.js';

/**
 * A user with write permission (below `approvers: maintain`) edited an App-authored
 * comment to add a receipt line; `/plangate status` showed "fresh — @alice (maintain)" and the
 * `ralph` label dispatched "approved by alice". The App checked who created a comment, not
 * whether its text was still the App's own. Any token with `issues: write` can edit it.
 */
const CONFIG = 'plans:\n  requireApproval: true\nralph:\n  approvers: maintain\n';
let h: AppHarness;
let issue: number;
let wendy: Octokit;

beforeEach(async () => {
  h = await startAppHarness();
  seedRalphRepo(h.fake, { config: CONFIG });
  issue = h.fake.addIssue(OWNER, REPO, { title: 'Ship the export', user: PEOPLE.writer }).number;
  h.fake.addToken('wendy-pat', { login: PEOPLE.writer, type: 'User' });
  wendy = new Octokit({ baseUrl: h.fake.url, auth: 'wendy-pat' });
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

const repo = () => h.fake.repo(OWNER, REPO);
const byApp = () => repo().comments.filter((c) => c.issueNumber === issue && c.user === 'plangate[bot]');

async function comment(body: string, who: string): Promise<void> {
  const c = h.fake.addComment(OWNER, REPO, issue, body, who);
  await h.deliver('issue_comment', issueCommentEvent(h.fake, OWNER, REPO, c.id));
}

function blobSha(path: string): string {
  let tree = repo().trees[repo().commits[repo().refs['refs/heads/main']!]!.tree]!;
  const parts = path.split('/');
  for (const part of parts.slice(0, -1)) tree = repo().trees[tree.find((e) => e.name === part)!.sha]!;
  return tree.find((e) => e.name === parts.at(-1))!.sha;
}

/** What wendy writes into the App's comment: a receipt in the exact shape the App writes. */
function forgedReceiptLine(): string {
  return hiddenComment('approval', {
    version: 1,
    approver: PEOPLE.maintainer,
    permission: 'maintain',
    approvedAt: new Date().toISOString(),
    prd: { path: PRD, sha: blobSha(PRD) },
    testSpec: { path: SPEC, sha: blobSha(SPEC) },
  });
}

async function editAppComment(id: number, body: string): Promise<void> {
  await wendy.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', { owner: OWNER, repo: REPO, comment_id: id, body });
}

describe('a receipt counts only if its exact content was written by the App', () => {
  it('a receipt added to an App comment by a write user is tampered: status says so and the label does not dispatch', async () => {
    // wendy's own status request is refused (write < maintain): the App answers — an App-authored comment.
    await comment('/plangate status', PEOPLE.writer);
    const target = byApp().at(-1)!;
    await editAppComment(target.id, `${forgedReceiptLine()}\n${target.body}`);

    await comment('/plangate status', PEOPLE.maintainer);
    const status = byApp().at(-1)!.body;
    expect(status).not.toMatch(/fresh/);
    expect(status).toMatch(/tampered/i);
    expect(status).toContain(`comment ${target.id}`);

    h.fake.label(OWNER, REPO, issue, 'ralph', PEOPLE.maintainer);
    await h.deliver('issues', issueLabeledEvent(h.fake, OWNER, REPO, issue, 'ralph', PEOPLE.maintainer));
    expect(repo().dispatches).toEqual([]);
    expect(repo().issues[issue]!.labels).toContain('ralplan');
  });

  it('an edit of a real receipt (another approver, another file) is tampered and ignored', async () => {
    await comment('/plangate approve', PEOPLE.maintainer);
    const receipt = byApp().find((c) => parseApprovalReceipt(c.body).kind === 'receipt')!;
    // A new PRD text nobody approved: wendy re-points the receipt at its SHA.
    h.fake.commit(OWNER, REPO, 'main', { [PRD]: `${PRD_BODY}\n- [ ] a criterion nobody approved\n` });
    await editAppComment(receipt.id, receipt.body.replace(/"sha":"[0-9a-f]{40}"/, `"sha":"${blobSha(PRD)}"`));

    h.fake.label(OWNER, REPO, issue, 'ralph', PEOPLE.maintainer);
    await h.deliver('issues', issueLabeledEvent(h.fake, OWNER, REPO, issue, 'ralph', PEOPLE.maintainer));
    expect(repo().dispatches).toEqual([]);
    const gate = repo().comments.find((c) => c.issueNumber === issue && c.body.includes('<!-- plangate:issue-gate -->'))!;
    expect(gate.body).toMatch(/tampered/i);
  });

  it('the ralph workflow token (issues: write) cannot forge one either', async () => {
    await comment('/plangate status', PEOPLE.writer);
    const target = byApp().at(-1)!;
    const actions = new Octokit({ baseUrl: h.fake.url, auth: 'ghs_workflow_token' });
    await actions.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
      owner: OWNER,
      repo: REPO,
      comment_id: target.id,
      body: forgedReceiptLine(),
    });
    h.fake.label(OWNER, REPO, issue, 'ralph', PEOPLE.maintainer);
    await h.deliver('issues', issueLabeledEvent(h.fake, OWNER, REPO, issue, 'ralph', PEOPLE.maintainer));
    expect(repo().dispatches).toEqual([]);
  });

  it('a real approval still works, and a revocation replayed over by an older sealed approval does not revive it', async () => {
    await comment('/plangate approve', PEOPLE.maintainer);
    const approval = byApp().find((c) => parseApprovalReceipt(c.body).kind === 'receipt')!;
    await comment('/plangate revoke', PEOPLE.maintainer);
    // wendy copies the App's own (validly sealed) approval, byte for byte, into a newer App comment.
    await comment('/plangate status', PEOPLE.writer);
    await editAppComment(byApp().at(-1)!.id, approval.body);

    h.fake.label(OWNER, REPO, issue, 'ralph', PEOPLE.maintainer);
    await h.deliver('issues', issueLabeledEvent(h.fake, OWNER, REPO, issue, 'ralph', PEOPLE.maintainer));
    expect(repo().dispatches).toEqual([]);

    // A new approval by the maintainer is newer than the revocation: it counts, and the run starts.
    h.fake.unlabel(OWNER, REPO, issue, 'ralph', 'plangate[bot]');
    await comment('/plangate approve', PEOPLE.maintainer);
    h.fake.label(OWNER, REPO, issue, 'ralph', PEOPLE.maintainer);
    await h.deliver('issues', issueLabeledEvent(h.fake, OWNER, REPO, issue, 'ralph', PEOPLE.maintainer));
    expect(repo().dispatches).toHaveLength(1);
  });

  it('answer markers cannot be planted ahead: a revoke whose answer marker was pre-written into an App comment is still run', async () => {
    await comment('/plangate approve', PEOPLE.maintainer);
    await comment('/plangate status', PEOPLE.writer);
    // Comment ids only go up: wendy plants the "already answered" markers of the next ids (plain hashes, as the source shows).
    const next = Math.max(...repo().comments.map((c) => c.id));
    const planted = Array.from(
      { length: 60 },
      (_, i) =>
        `<!-- plangate:answer ${createHash('sha256')
          .update(`comment:${next + 1 + i}`)
          .digest('hex')
          .slice(0, 24)} -->`,
    ).join('\n');
    await editAppComment(byApp().at(-1)!.id, `${byApp().at(-1)!.body}\n${planted}`);

    await comment('/plangate revoke', PEOPLE.maintainer);
    expect(byApp().some((c) => c.body.includes('Approval revoked'))).toBe(true);
    h.fake.label(OWNER, REPO, issue, 'ralph', PEOPLE.maintainer);
    await h.deliver('issues', issueLabeledEvent(h.fake, OWNER, REPO, issue, 'ralph', PEOPLE.maintainer));
    expect(repo().dispatches).toEqual([]);
  });
});
