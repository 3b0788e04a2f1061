import { describe, expect, it } from 'vitest';
import { approvalReceipt, revocationReceipt } from '../../src/core/approval/approval-receipt.js';
import { evaluateApproval, type ApprovalEvaluation } from '../../src/core/approval/evaluate-approval.js';
import { readReviewComment } from '../../src/core/approval/read-review-comment.js';
import { renderApprovalReceipt } from '../../src/core/approval/render-approval-receipt.js';
import { renderApprovalTable } from '../../src/core/approval/render-approval-table.js';
import { TEST_SEALER as SEALER } from '../support/test-sealer.js';

const APP = 'plangate[bot]';
const PRD = { path: '.omx/plans/prd-x.md', sha: 'a'.repeat(40) };
const LIVE_MENTION = /(^|[^\w`])@[A-Za-z0-9]/m;
const none: ApprovalEvaluation = { state: 'none', staleBecause: [], diagnostics: [], tampered: [], ignoredForeign: 0 };
const approval = (currentSha: string, login = 'alice') =>
  evaluateApproval({
    sealer: SEALER,
    receipts: [
      {
        id: 1,
        author: { login: APP },
        body: renderApprovalReceipt(
          approvalReceipt({ approver: login, permission: 'maintain', at: '2026-05-01T12:00:00Z', prd: PRD }),
          SEALER,
        ),
      },
    ],
    appLogin: APP,
    currentPrd: { ...PRD, sha: currentSha },
  });
const review = (json: unknown, author = 'spiral-planner[bot]') =>
  readReviewComment({ body: `\`\`\`plangate-review\n${JSON.stringify(json)}\n\`\`\``, authorized: true, commentId: 1, author }).reviews[0];

describe('renderApprovalTable', () => {
  it('shows plan, both verdicts (normalized) and a fresh approval', () => {
    const table = renderApprovalTable({
      plan: PRD.path,
      architect: review({ verdict: 'APPROVE', role: 'architect' }),
      critic: review({ verdict: 'ACCEPT', findings: [{ severity: 'MAJOR', title: 't' }, { severity: 'CRITICAL' }] }),
      approval: approval(PRD.sha),
      requireApproval: true,
    });
    expect(table.split('\n')).toEqual([
      '| | state |',
      '| --- | --- |',
      '| Plan | `.omx/plans/prd-x.md` |',
      '| Architect | **APPROVE** by @&#8203;spiral-planner\\[bot\\] |',
      '| Critic | **ITERATE** (given: ACCEPT) by @&#8203;spiral-planner\\[bot\\] — verdict downgraded from APPROVE: 2 blocking finding\\(s\\) |',
      '| Human approval | ✅ fresh — @&#8203;alice (maintain), 2026-05-01 12:00 UTC |',
    ]);
  });

  it('says stale and why, without a live mention', () => {
    const table = renderApprovalTable({ plan: PRD.path, approval: approval('b'.repeat(40)), requireApproval: true });
    expect(table).toContain(
      '| Human approval | ⚠️ stale — @&#8203;alice (maintain), 2026-05-01 12:00 UTC — approval stale: prd-x.md changed since @&#8203;alice approved |',
    );
    expect(table).toContain('| Architect | — |');
    expect(table).not.toMatch(LIVE_MENTION);
  });

  it('says revoked, and whether a missing approval is required', () => {
    const revoked = evaluateApproval({
      sealer: SEALER,
      receipts: [
        {
          id: 2,
          author: { login: APP },
          body: renderApprovalReceipt(
            revocationReceipt(approvalReceipt({ approver: 'alice', permission: 'write', at: '2026-05-01T12:00:00Z', prd: PRD }), {
              login: 'bob',
              permission: 'admin',
              at: '2026-05-02T00:00:00Z',
            }),
            SEALER,
          ),
        },
      ],
      appLogin: APP,
      currentPrd: PRD,
    });
    expect(renderApprovalTable({ plan: PRD.path, approval: revoked, requireApproval: true })).toContain(
      '↩️ revoked — approval revoked by @&#8203;bob at 2026-05-02 00:00 UTC (approved by @&#8203;alice (write), 2026-05-01 12:00 UTC)',
    );
    expect(renderApprovalTable({ approval: none, requireApproval: true })).toContain(
      '| Human approval | ❌ none — an approver comments `/plangate approve` |',
    );
    expect(renderApprovalTable({ approval: none, requireApproval: false })).toContain('| Human approval | none (not required) |');
    expect(renderApprovalTable({ approval: none, requireApproval: false })).toContain('| Plan | none selected |');
  });

  it('escapes hostile content from file names and review comments so the table keeps its shape', () => {
    const table = renderApprovalTable({
      plan: '.omx/plans/prd-|<img src=x>|@alice.md',
      critic: review({ verdict: 'accept | <b>x</b> @bob', findings: [] }),
      approval: none,
      requireApproval: false,
    });
    expect(table).not.toMatch(/<img|<b>/);
    expect(table).not.toMatch(LIVE_MENTION);
    for (const row of table.split('\n')) expect(row.replace(/\\\|/g, '').split('|').length, row).toBe(4);
  });
});
