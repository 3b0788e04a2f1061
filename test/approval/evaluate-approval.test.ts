import { describe, expect, it } from 'vitest';
import { approvalReceipt, revocationReceipt, type ApprovalReceipt } from '../../src/core/approval/approval-receipt.js';
import { describeApproval, evaluateApproval, type ThreadComment } from '../../src/core/approval/evaluate-approval.js';
import { renderApprovalReceipt } from '../../src/core/approval/render-approval-receipt.js';
import { escapeMarkdownText } from '../../src/core/markdown-safe.js';
import { TEST_SEALER as SEALER } from '../support/test-sealer.js';

const APP = 'plangate[bot]';
const sha = (c: string) => c.repeat(40);
const PRD = { path: '.omx/plans/prd-x.md', sha: sha('a') };
const SPEC = { path: '.omx/plans/test-spec-x.md', sha: sha('b') };
const approve = (approver = 'alice', at = '2026-05-01T12:00:00Z'): ApprovalReceipt =>
  approvalReceipt({ approver, permission: 'write', at, prd: PRD, testSpec: SPEC });
const byApp = (id: number, receipt: ApprovalReceipt): ThreadComment => ({
  id,
  author: { login: APP, type: 'Bot' },
  body: renderApprovalReceipt(receipt, SEALER),
});

describe('evaluateApproval', () => {
  it('is fresh when the newest App receipt matches both blob SHAs', () => {
    const result = evaluateApproval({
      sealer: SEALER,
      receipts: [byApp(10, approve())],
      appLogin: APP,
      currentPrd: PRD,
      currentTestSpec: SPEC,
    });
    expect(result).toMatchObject({
      state: 'fresh',
      approver: 'alice',
      permission: 'write',
      approvedAt: '2026-05-01T12:00:00Z',
      receiptCommentId: 10,
      staleBecause: [],
    });
    expect(describeApproval(result)).toBe('approved by @alice (write) at 2026-05-01 12:00 UTC');
  });

  it('is none without receipts', () => {
    expect(
      evaluateApproval({ sealer: SEALER, receipts: [{ id: 1, author: { login: 'alice' }, body: 'LGTM' }], appLogin: APP, currentPrd: PRD }),
    ).toMatchObject({ state: 'none', staleBecause: [] });
  });

  it('never counts a receipt written by anyone but the App, however exact the copy', () => {
    const forged = renderApprovalReceipt(approve('mallory'), SEALER);
    const result = evaluateApproval({
      sealer: SEALER,
      receipts: [
        { id: 5, author: { login: 'mallory', type: 'User' }, body: forged },
        { id: 6, author: { login: 'plangate' }, body: forged },
        { id: 7, author: { login: 'github-actions[bot]', type: 'Bot' }, body: forged },
        { id: 8, author: null, body: forged },
      ],
      appLogin: APP,
      currentPrd: PRD,
      currentTestSpec: SPEC,
    });
    expect(result).toMatchObject({ state: 'none', ignoredForeign: 4 });
  });

  it('matches the App login case-insensitively', () => {
    const result = evaluateApproval({
      sealer: SEALER,
      receipts: [{ id: 1, author: { login: 'PlanGate[bot]' }, body: renderApprovalReceipt(approve(), SEALER) }],
      appLogin: APP,
      currentPrd: PRD,
      currentTestSpec: SPEC,
    });
    expect(result.state).toBe('fresh');
  });

  it("goes stale when the PRD changes, with the spec's wording", () => {
    const result = evaluateApproval({
      sealer: SEALER,
      receipts: [byApp(1, approve())],
      appLogin: APP,
      currentPrd: { ...PRD, sha: sha('c') },
      currentTestSpec: SPEC,
    });
    expect(result.state).toBe('stale');
    expect(result.staleBecause).toEqual(['prd-x.md changed since @alice approved']);
    expect(describeApproval(result)).toBe('approval stale: prd-x.md changed since @alice approved');
  });

  it('goes stale when the test spec changes, appears, disappears or is another file', () => {
    const cases: [typeof SPEC | undefined, ApprovalReceipt, string][] = [
      [{ ...SPEC, sha: sha('d') }, approve(), 'test-spec-x.md changed since @alice approved'],
      [undefined, approve(), 'test-spec-x.md is gone since @alice approved'],
      [
        SPEC,
        approvalReceipt({ approver: 'alice', permission: 'write', at: '2026-05-01T12:00:00Z', prd: PRD }),
        'test-spec-x.md was added since @alice approved',
      ],
      [
        { path: '.omx/plans/test-spec-y.md', sha: SPEC.sha },
        approve(),
        'the test spec is now test-spec-y.md; @alice approved test-spec-x.md',
      ],
    ];
    for (const [spec, receipt, reason] of cases) {
      expect(
        evaluateApproval({ sealer: SEALER, receipts: [byApp(1, receipt)], appLogin: APP, currentPrd: PRD, currentTestSpec: spec })
          .staleBecause,
      ).toEqual([reason]);
    }
  });

  it('goes stale when the prd.json stories file changes, appears, disappears or is another file', () => {
    const STORIES = { path: '.omx/plans/prd-x.json', sha: sha('e') };
    const withStories = approvalReceipt({
      approver: 'alice',
      permission: 'write',
      at: '2026-05-01T12:00:00Z',
      prd: PRD,
      testSpec: SPEC,
      stories: STORIES,
    });
    const cases: [typeof STORIES | undefined, ApprovalReceipt, string[]][] = [
      [STORIES, withStories, []],
      [{ ...STORIES, sha: sha('f') }, withStories, ['prd-x.json changed since @alice approved']],
      [undefined, withStories, ['prd-x.json is gone since @alice approved']],
      [STORIES, approve(), ['prd-x.json was added since @alice approved']],
      [{ path: '.omc/prd.json', sha: STORIES.sha }, withStories, ['the stories file is now prd.json; @alice approved prd-x.json']],
    ];
    for (const [stories, receipt, reasons] of cases) {
      const result = evaluateApproval({
        sealer: SEALER,
        receipts: [byApp(1, receipt)],
        appLogin: APP,
        currentPrd: PRD,
        currentTestSpec: SPEC,
        ...(stories ? { currentStories: stories } : {}),
      });
      expect(result.staleBecause).toEqual(reasons);
      expect(result.state).toBe(reasons.length ? 'stale' : 'fresh');
    }
  });

  it('goes stale when another PRD is the plan now, or none is, even with the same blob', () => {
    const other = evaluateApproval({
      sealer: SEALER,
      receipts: [byApp(1, approve())],
      appLogin: APP,
      currentPrd: { path: '.omx/plans/prd-y.md', sha: PRD.sha },
      currentTestSpec: SPEC,
    });
    expect(other.staleBecause).toEqual(['the plan is now prd-y.md; @alice approved prd-x.md']);
    const none = evaluateApproval({ sealer: SEALER, receipts: [byApp(1, approve())], appLogin: APP, currentTestSpec: SPEC });
    expect(none).toMatchObject({ state: 'stale', staleBecause: ['no plan is selected now; @alice approved prd-x.md'] });
  });

  it('lists both reasons when both files changed', () => {
    const result = evaluateApproval({
      sealer: SEALER,
      receipts: [byApp(1, approve())],
      appLogin: APP,
      currentPrd: { ...PRD, sha: sha('c') },
      currentTestSpec: { ...SPEC, sha: sha('d') },
    });
    expect(result.staleBecause).toHaveLength(2);
  });

  it('lets the newest receipt win, by comment id, whatever the list order', () => {
    const older = byApp(1, approve('alice'));
    const newer = byApp(2, approve('bob', '2026-05-02T00:00:00Z'));
    expect(
      evaluateApproval({ sealer: SEALER, receipts: [newer, older], appLogin: APP, currentPrd: PRD, currentTestSpec: SPEC }).approver,
    ).toBe('bob');
    const fresh = evaluateApproval({
      sealer: SEALER,
      receipts: [byApp(1, approve()), byApp(2, { ...approve('carol'), prd: { ...PRD, sha: sha('9') } })],
      appLogin: APP,
      currentPrd: PRD,
      currentTestSpec: SPEC,
    });
    expect(fresh).toMatchObject({ state: 'stale', approver: 'carol' });
  });

  it('is revoked after a revocation, and fresh again after a new approval', () => {
    const revoke = revocationReceipt(approve(), { login: 'bob', permission: 'admin', at: '2026-05-02T00:00:00Z' });
    const revoked = evaluateApproval({
      sealer: SEALER,
      receipts: [byApp(1, approve()), byApp(2, revoke)],
      appLogin: APP,
      currentPrd: PRD,
      currentTestSpec: SPEC,
    });
    expect(revoked).toMatchObject({ state: 'revoked', approver: 'alice', revokedBy: 'bob', revokedAt: '2026-05-02T00:00:00Z' });
    expect(describeApproval(revoked)).toBe('approval revoked by @bob at 2026-05-02 00:00 UTC');
    const again = evaluateApproval({
      sealer: SEALER,
      receipts: [byApp(1, approve()), byApp(2, revoke), byApp(3, approve('carol', '2026-05-03T00:00:00Z'))],
      appLogin: APP,
      currentPrd: PRD,
      currentTestSpec: SPEC,
    });
    expect(again).toMatchObject({ state: 'fresh', approver: 'carol' });
  });

  it("fails closed when the App's newest receipt cannot be read", () => {
    const broken: ThreadComment = { id: 2, author: { login: APP }, body: '<!-- plangate:approval {"version":9} -->' };
    const result = evaluateApproval({
      sealer: SEALER,
      receipts: [byApp(1, approve()), broken],
      appLogin: APP,
      currentPrd: PRD,
      currentTestSpec: SPEC,
    });
    expect(result.state).toBe('none');
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: 'receipt_invalid', commentId: 2, line: 1 })]);
  });

  it('keeps the raw login in the plain text and turns it harmless when rendered', () => {
    const result = evaluateApproval({
      sealer: SEALER,
      receipts: [byApp(1, approve())],
      appLogin: APP,
      currentPrd: { ...PRD, sha: sha('c') },
      currentTestSpec: SPEC,
    });
    const rendered = escapeMarkdownText(describeApproval(result));
    expect(rendered).toBe('approval stale: prd-x.md changed since @&#8203;alice approved');
    expect(rendered).not.toMatch(/(^|[^\w`])@[A-Za-z0-9]/);
  });
});
