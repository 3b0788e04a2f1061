import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealKeysFrom } from '../../src/app/approval/seal-keys.js';
import { approvalReceipt, revocationReceipt } from '../../src/core/approval/approval-receipt.js';
import { commentSealer, readSeal } from '../../src/core/approval/comment-seal.js';
import { describeApproval, evaluateApproval, type ThreadComment } from '../../src/core/approval/evaluate-approval.js';
import { renderApprovalReceipt } from '../../src/core/approval/render-approval-receipt.js';
import { renderApprovalTable } from '../../src/core/approval/render-approval-table.js';

const APP = 'plangate[bot]';
const KEY = new Uint8Array(32).fill(1);
const thread = commentSealer([KEY], { repo: 'Acme/Widgets', issue: 12 });
const PRD = { path: '.omx/plans/prd-x.md', sha: 'a'.repeat(40) };
const SPEC = { path: '.omx/plans/test-spec-x.md', sha: 'b'.repeat(40) };
const approve = (approver = 'alice', at = '2026-05-01T12:00:00Z') =>
  approvalReceipt({ approver, permission: 'maintain', at, prd: PRD, testSpec: SPEC });
const byApp = (id: number, body: string): ThreadComment => ({ id, author: { login: APP, type: 'Bot' }, body });
const evaluate = (comments: ThreadComment[], sealer = thread) =>
  evaluateApproval({ receipts: comments, appLogin: APP, sealer, currentPrd: PRD, currentTestSpec: SPEC });

describe('comment seals', () => {
  it('a sealed receipt counts; the same text with one changed character does not', () => {
    const body = renderApprovalReceipt(approve(), thread);
    expect(evaluate([byApp(1, body)]).state).toBe('fresh');
    const edited = body.replace('"approver":"alice"', '"approver":"alicf"');
    const result = evaluate([byApp(1, edited)]);
    expect(result).toMatchObject({
      state: 'none',
      tampered: [{ commentId: 1, reason: expect.stringMatching(/seal does not match/) }],
      blockedBy: 1,
    });
  });

  it('binds the repository (case-insensitively) and the issue: a copy into another thread is tampered', () => {
    const body = renderApprovalReceipt(approve(), thread);
    expect(evaluate([byApp(1, body)], commentSealer([KEY], { repo: 'acme/widgets', issue: 12 })).state).toBe('fresh');
    expect(evaluate([byApp(1, body)], commentSealer([KEY], { repo: 'acme/widgets', issue: 13 })).tampered).toHaveLength(1);
    expect(evaluate([byApp(1, body)], commentSealer([KEY], { repo: 'acme/gadgets', issue: 12 })).tampered).toHaveLength(1);
  });

  it("a receipt line without a seal, with two seals, or with another key's seal is tampered", () => {
    const body = renderApprovalReceipt(approve(), thread);
    const [marker, seal] = body.split('\n');
    expect(evaluate([byApp(1, marker!)]).tampered[0]!.reason).toBe('it carries no seal');
    expect(evaluate([byApp(1, `${body}\n${seal}`)]).tampered[0]!.reason).toBe('it carries several seals');
    const other = renderApprovalReceipt(approve(), commentSealer([new Uint8Array(32).fill(2)], { repo: 'acme/widgets', issue: 12 }));
    expect(evaluate([byApp(1, other)]).state).toBe('none');
    expect(readSeal(body, 'approval')).toMatchObject({ kind: 'one' });
  });

  it('without a key nothing counts, and the reason says why', () => {
    const result = evaluateApproval({
      receipts: [byApp(1, renderApprovalReceipt(approve(), thread))],
      appLogin: APP,
      sealer: undefined,
      currentPrd: PRD,
      currentTestSpec: SPEC,
    });
    expect(result.state).toBe('none');
    expect(result.tampered[0]!.reason).toMatch(/no seal key/);
  });

  it('after a key rotation the previous key still verifies, and only the new one seals', () => {
    const old = renderApprovalReceipt(approve(), thread);
    const rotated = commentSealer([new Uint8Array(32).fill(9), KEY], { repo: 'acme/widgets', issue: 12 });
    expect(evaluate([byApp(1, old)], rotated).state).toBe('fresh');
    expect(renderApprovalReceipt(approve(), rotated)).not.toBe(old);
  });

  it('the newest sealed time decides: an older approval copied into a newer comment does not undo a revocation', () => {
    const approval = renderApprovalReceipt(approve(), thread);
    const revocation = renderApprovalReceipt(
      revocationReceipt(approve(), { login: 'bob', permission: 'admin', at: '2026-05-02T00:00:00Z' }),
      thread,
    );
    const result = evaluate([byApp(1, approval), byApp(2, revocation), byApp(3, approval)]);
    expect(result).toMatchObject({ state: 'revoked', receiptCommentId: 2 });
    expect(
      evaluate([
        byApp(1, approval),
        byApp(2, revocation),
        byApp(3, renderApprovalReceipt(approve('carol', '2026-05-03T00:00:00Z'), thread)),
      ]),
    ).toMatchObject({ state: 'fresh', approver: 'carol' });
  });

  it('a tampered receipt newer than the good ones blocks (it may have been a revocation); an older one is only reported', () => {
    const good = renderApprovalReceipt(approve(), thread);
    const tampered = good.replace('"permission":"maintain"', '"permission":"admin"');
    const newer = evaluate([byApp(1, good), byApp(2, tampered)]);
    expect(newer).toMatchObject({ state: 'none', blockedBy: 2 });
    expect(describeApproval(newer)).toMatch(/comment 2 was altered/);
    const older = evaluate([byApp(1, tampered), byApp(2, good)]);
    expect(older).toMatchObject({ state: 'fresh', tampered: [{ commentId: 1 }] });
    const table = renderApprovalTable({ plan: PRD.path, approval: older, requireApproval: true });
    expect(table).toMatch(/✅ fresh .* · ⚠️ tampered receipt ignored \(comment 1: its seal does not match/);
    expect(renderApprovalTable({ plan: PRD.path, approval: newer, requireApproval: true })).toMatch(
      /❌ none — the App's receipt in comment 2 was altered/,
    );
  });
});

describe('seal keys', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pkcs1 = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const hex = (keys: Uint8Array[]) => keys.map((k) => Buffer.from(k).toString('hex'));

  it('the private key gives one key however it is written (PKCS#1, PKCS#8, \\n escapes, base64)', () => {
    const expected = hex(sealKeysFrom({ privateKey: pkcs1 }, {}));
    expect(expected).toHaveLength(1);
    for (const form of [pkcs8, pkcs1.replace(/\n/g, '\\n'), Buffer.from(pkcs1).toString('base64')])
      expect(hex(sealKeysFrom({ privateKey: form }, {}))).toEqual(expected);
    expect(hex(sealKeysFrom({}, { PRIVATE_KEY: pkcs8 }))).toEqual(expected);
  });

  it('a dedicated secret wins over the private key; previous secrets verify after it; nothing gives no key', () => {
    const fromSecret = sealKeysFrom({ privateKey: pkcs1 }, { PLANGATE_SEAL_SECRET: 's3cret', PLANGATE_SEAL_SECRET_PREVIOUS: 'old1, old2' });
    expect(fromSecret).toHaveLength(3);
    expect(hex(fromSecret)[0]).not.toEqual(hex(sealKeysFrom({ privateKey: pkcs1 }, {}))[0]);
    expect(hex(sealKeysFrom({}, { PLANGATE_SEAL_SECRET: 'old1' }))[0]).toEqual(hex(fromSecret)[1]);
    expect(sealKeysFrom({}, {})).toEqual([]);
  });
});
