import { describe, expect, it } from 'vitest';
import { approvalReceipt, revocationReceipt, type ApprovalReceipt } from '../../src/core/approval/approval-receipt.js';
import { encodeHiddenJson, readHiddenJson } from '../../src/core/approval/hidden-json.js';
import { parseApprovalReceipt } from '../../src/core/approval/parse-approval-receipt.js';
import { renderApprovalReceipt } from '../../src/core/approval/render-approval-receipt.js';
import { TEST_SEALER as SEALER } from '../support/test-sealer.js';

const PRD_SHA = 'a'.repeat(40);
const SPEC_SHA = 'b'.repeat(40);
const receipt = (extra: Partial<ApprovalReceipt> = {}): ApprovalReceipt => ({
  ...approvalReceipt({
    approver: 'alice',
    permission: 'write',
    at: '2026-05-01T12:34:56.000Z',
    prd: { path: '.omx/plans/prd-x.md', sha: PRD_SHA },
    testSpec: { path: '.omx/plans/test-spec-x.md', sha: SPEC_SHA },
  }),
  ...extra,
});
const LIVE_MENTION = /(^|[^\w`])@[A-Za-z0-9]/m;

describe('hidden JSON', () => {
  it('cannot close the HTML comment or break the line, and reads back the same value', () => {
    const value = { path: 'a-->b--!>c<!--d', line: 'x\u2028y\nz', n: -1.5e-7, nested: ['--', '<script>&'] };
    const encoded = encodeHiddenJson(value);
    expect(encoded).not.toMatch(/--|[<>&\n\u2028\u2029]/);
    expect(JSON.parse(encoded)).toEqual(value);
    expect(readHiddenJson(`text\n<!-- plangate:thing ${encoded} -->\nmore`, 'thing')).toEqual({
      kind: 'value',
      value,
      line: 2,
      text: encoded,
    });
  });

  it('reports two markers or broken JSON instead of picking one', () => {
    const line = '<!-- plangate:thing {} -->';
    expect(readHiddenJson(`${line}\n${line}`, 'thing')).toMatchObject({ kind: 'invalid', line: 2 });
    expect(readHiddenJson('<!-- plangate:thing {"a": -->', 'thing')).toMatchObject({ kind: 'invalid', line: 1 });
    expect(readHiddenJson('<!-- plangate:other {} -->', 'thing')).toEqual({ kind: 'absent' });
  });
});

/** Parses back to the same receipt, with the seal of its exact JSON for this thread. */
function expectSealedReceipt(body: string, expected: object): void {
  const parsed = parseApprovalReceipt(body);
  expect(parsed).toMatchObject({ kind: 'receipt', receipt: expected });
  if (parsed.kind !== 'receipt') return;
  expect(parsed.receipt).toEqual(expected);
  expect(SEALER.verify('approval', parsed.text, parsed.seal)).toBe(true);
}

describe('approval receipts', () => {
  it('render → parse round-trips an approval and a revocation', () => {
    const approval = receipt();
    expectSealedReceipt(renderApprovalReceipt(approval, SEALER), approval);
    const revoked = revocationReceipt(approval, { login: 'bob', permission: 'admin', at: '2026-05-02T08:00:00Z' });
    expect(revoked.revoked).toEqual({ by: 'bob', permission: 'admin', at: '2026-05-02T08:00:00Z' });
    expect(revoked.prd).toEqual(approval.prd);
    expectSealedReceipt(renderApprovalReceipt(revoked, SEALER), revoked);
  });

  it('round-trips a plan without a test spec (spiral) and a trusted bot approver', () => {
    const spiral = approvalReceipt({
      approver: 'spiral-planner[bot]',
      permission: 'trusted-bot',
      at: '2026-05-01T00:00:00+02:00',
      prd: { path: '.spiral/plans/2026-05-01T00-00-00-x.md', sha: 'c'.repeat(64) },
    });
    expect(spiral).not.toHaveProperty('testSpec');
    expectSealedReceipt(renderApprovalReceipt(spiral, SEALER), spiral);
  });

  it('binds the prd.json stories file too, when the plan has one, and shows it', () => {
    const stories = { path: '.omx/plans/prd-x.json', sha: 'e'.repeat(40) };
    const withStories = approvalReceipt({
      approver: 'alice',
      permission: 'write',
      at: '2026-05-01T12:34:56.000Z',
      prd: { path: '.omx/plans/prd-x.md', sha: PRD_SHA },
      testSpec: { path: '.omx/plans/test-spec-x.md', sha: SPEC_SHA },
      stories,
    });
    expect(withStories.stories).toEqual(stories);
    const body = renderApprovalReceipt(withStories, SEALER);
    expectSealedReceipt(body, withStories);
    expect(body).toContain('| Stories | `.omx/plans/prd-x.json` | `eeeeeeeeeeee` |');
    expect(body).toContain('The approval counts while the files keep these blob SHAs');
    expect(receipt()).not.toHaveProperty('stories');
  });

  it('starts with the marker line and shows the facts without pinging anyone', () => {
    const body = renderApprovalReceipt(receipt(), SEALER);
    expect(body.split('\n')[0]).toMatch(/^<!-- plangate:approval \{.*\} -->$/);
    expect(body).toContain('✅ **Plan approved** by @&#8203;alice (**write**) at 2026-05-01 12:34 UTC.');
    expect(body).toContain('| PRD | `.omx/plans/prd-x.md` | `aaaaaaaaaaaa` |');
    expect(body).toContain('| Test spec | `.omx/plans/test-spec-x.md` | `bbbbbbbbbbbb` |');
    const revokedBody = renderApprovalReceipt(
      revocationReceipt(receipt(), { login: 'bob', permission: 'admin', at: '2026-05-02T08:00:00Z' }),
      SEALER,
    );
    expect(revokedBody).toContain('↩️ **Approval revoked** by @&#8203;bob (**admin**) at 2026-05-02 08:00 UTC');
    for (const b of [body, revokedBody]) expect(b).not.toMatch(LIVE_MENTION);
  });

  it('keeps a hostile path inside the marker and escaped in the text', () => {
    const hostile = receipt({ prd: { path: 'plans/prd--> <img src=x onerror=alert(1)> @alice.md', sha: PRD_SHA } });
    const body = renderApprovalReceipt(hostile, SEALER);
    const [marker, ...rest] = body.split('\n');
    expect(marker).toMatch(/^<!-- plangate:approval [^>]*\} -->$/);
    expect(marker!.indexOf('-->')).toBe(marker!.length - 3);
    expect(rest.join('\n')).not.toMatch(/<img/);
    expect(rest.join('\n')).not.toMatch(LIVE_MENTION);
    expectSealedReceipt(body, hostile);
  });

  it('rejects receipts that do not match the schema exactly', () => {
    const bad: [string, unknown][] = [
      ['unknown key', { ...receipt(), extra: true }],
      ['version 2', { ...receipt(), version: 2 }],
      ['short sha', { ...receipt(), prd: { path: 'prd.md', sha: 'abc' } }],
      ['path escape', { ...receipt(), prd: { path: '../prd.md', sha: PRD_SHA } }],
      ['not a login', { ...receipt(), approver: '@alice' }],
      ['not a time', { ...receipt(), approvedAt: 'yesterday' }],
      ['not a level', { ...receipt(), permission: 'owner' }],
    ];
    for (const [name, value] of bad) {
      const parsed = parseApprovalReceipt(`<!-- plangate:approval ${encodeHiddenJson(value)} -->`);
      expect(parsed.kind, name).toBe('invalid');
      expect((parsed as { diagnostic: { code: string; line: number } }).diagnostic).toMatchObject({ code: 'receipt_invalid', line: 1 });
    }
  });

  it('finds no receipt in ordinary comments, including a marker quoted inside a line', () => {
    expect(parseApprovalReceipt('LGTM')).toEqual({ kind: 'none' });
    expect(parseApprovalReceipt('see `<!-- plangate:approval {} -->` above')).toEqual({ kind: 'none' });
  });
});
