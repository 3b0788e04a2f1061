import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApprovalReceipt } from '../../src/core/approval/approval-receipt.js';
import { evaluateApproval } from '../../src/core/approval/evaluate-approval.js';
import { encodeHiddenJson } from '../../src/core/approval/hidden-json.js';
import { parseApprovalReceipt } from '../../src/core/approval/parse-approval-receipt.js';
import { readReviewComment } from '../../src/core/approval/read-review-comment.js';
import { renderApprovalReceipt } from '../../src/core/approval/render-approval-receipt.js';
import { SPIRAL_GATES } from '../../src/core/approval/parse-review-block.js';
import { PERMISSION_LEVELS } from '../../src/core/approval/permissions.js';
import { validatePlanPath } from '../../src/core/commands/validate-plan-path.js';
import { TEST_SEALER as SEALER } from '../support/test-sealer.js';

const RUNS = { numRuns: 1000 };
const LIVE_MENTION = /(^|[^\w`])@[A-Za-z0-9]/m;

const login = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_-]{0,20}(\[bot\])?$/);
const sha = fc.oneof(fc.stringMatching(/^[0-9a-f]{40}$/), fc.stringMatching(/^[0-9a-f]{64}$/));
const isoTime = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const segment = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }),
  fc.constantFrom('-->', '--!>', '<!--', '@alice', '<img src=x>', '`', '|', 'prd-x.md'),
);
const repoPath = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .map((s) => s.join('/'))
  .filter((p) => validatePlanPath(p).ok && !p.startsWith('./'));
const permission = fc.constantFrom(...PERMISSION_LEVELS, 'trusted-bot' as const);
const receipt: fc.Arbitrary<ApprovalReceipt> = fc.record(
  {
    version: fc.constant(1 as const),
    approver: login,
    permission,
    approvedAt: isoTime,
    prd: fc.record({ path: repoPath, sha }),
    testSpec: fc.record({ path: repoPath, sha }),
    revoked: fc.record({ by: login, permission, at: isoTime }),
  },
  { requiredKeys: ['version', 'approver', 'permission', 'approvedAt', 'prd'] },
);

describe('hidden JSON under fuzz', () => {
  it('no value can close the comment or break the line, and every value reads back', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), fc.string({ unit: 'binary', maxLength: 40 }), (value, text) => {
        for (const v of [value, text, { text, value }]) {
          const encoded = encodeHiddenJson(v);
          expect(encoded).not.toMatch(/--|[<>&\r\n\u2028\u2029]/);
          expect(JSON.stringify(JSON.parse(encoded))).toBe(JSON.stringify(v));
        }
      }),
      RUNS,
    );
  });
});

describe('receipt parser under fuzz', () => {
  it('any comment body → none, a receipt or a diagnostic; never an exception', () => {
    const marker = fc
      .tuple(fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 20 }))
      .map(([v, s]) => `${s}\n<!-- plangate:approval ${JSON.stringify(v)} -->\n${s}`);
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), marker), (body) => {
        const parsed = parseApprovalReceipt(body);
        expect(['none', 'receipt', 'invalid']).toContain(parsed.kind);
        if (parsed.kind === 'invalid') expect(parsed.diagnostic.message.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it('render → parse round-trips any receipt, and the rendered text never pings anyone', () => {
    fc.assert(
      fc.property(receipt, (r) => {
        const body = renderApprovalReceipt(r, SEALER);
        const parsed = parseApprovalReceipt(body);
        expect(parsed).toMatchObject({ kind: 'receipt', receipt: r });
        expect(parsed.kind === 'receipt' && SEALER.verify('approval', parsed.text, parsed.seal)).toBe(true);
        // After the marker and its seal line, the text for people.
        expect(body.split('\n')[1]).toMatch(/^<!-- plangate:approval-seal v1\.[\w-]+ -->$/);
        expect(body.split('\n').slice(2).join('\n')).not.toMatch(LIVE_MENTION);
        expect(body.split('\n').slice(2).join('\n')).not.toMatch(/<(?!code>|\/code>)/);
      }),
      RUNS,
    );
  });

  it('a receipt only counts when the App wrote it, and stale reasons name the approver', () => {
    fc.assert(
      fc.property(receipt, login, fc.boolean(), (r, author, sameFiles) => {
        const body = renderApprovalReceipt(r, SEALER);
        const current = sameFiles
          ? { currentPrd: r.prd, ...(r.testSpec ? { currentTestSpec: r.testSpec } : {}) }
          : { currentPrd: { path: r.prd.path, sha: '0'.repeat(40) } };
        fc.pre(sameFiles || r.prd.sha !== '0'.repeat(40));
        const foreign = evaluateApproval({
          sealer: SEALER,
          receipts: [{ id: 1, author: { login: author }, body }],
          appLogin: 'plangate[bot]',
          ...current,
        });
        if (author.toLowerCase() !== 'plangate[bot]') expect(foreign.state).toBe('none');
        const own = evaluateApproval({
          sealer: SEALER,
          receipts: [{ id: 1, author: { login: 'plangate[bot]' }, body }],
          appLogin: 'plangate[bot]',
          ...current,
        });
        expect(own.state).toBe(r.revoked ? 'revoked' : sameFiles ? 'fresh' : 'stale');
        if (own.state === 'stale') expect(own.staleBecause.every((reason) => reason.includes(`@${r.approver}`))).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('review-block parser under fuzz', () => {
  const gate = fc.record({ pass: fc.boolean(), reason: fc.string({ maxLength: 10 }) });
  const review = fc.record(
    {
      verdict: fc.oneof(
        fc.constantFrom(
          'APPROVE',
          'iterate',
          'REJECT',
          'ACCEPT',
          'accept with reservations',
          'OKAY',
          'APPROVED',
          'REVISE',
          'BLOCKED',
          'LGTM',
        ),
        fc.string({ maxLength: 8 }),
      ),
      role: fc.constantFrom('architect', 'critic', 'CRITIC', 'planner'),
      findings: fc.array(
        fc.record({ severity: fc.constantFrom('CRITICAL', 'MAJOR', 'MINOR', 'minor', 'HIGH'), title: fc.string({ maxLength: 10 }) }),
        { maxLength: 4 },
      ),
      gates: fc.record(Object.fromEntries(SPIRAL_GATES.map((g) => [g, gate])), { requiredKeys: [] }),
      extra: fc.jsonValue({ maxDepth: 2 }),
    },
    { requiredKeys: [] },
  );
  const fenced = (text: string, fence: string) => `${fence}plangate-review\n${text}\n${fence}`;

  it('any comment → verdicts and diagnostics; never an exception', () => {
    const body = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc
        .tuple(
          fc.oneof(
            review.map((r) => JSON.stringify(r)),
            fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
            fc.string({ maxLength: 50 }),
          ),
          fc.constantFrom('```', '~~~', '````', '``'),
        )
        .map(([t, f]) => fenced(t, f)),
      fc
        .array(
          review.map((r) => fenced(JSON.stringify(r), '```')),
          { maxLength: 12 },
        )
        .map((b) => b.join('\ntext\n')),
    );
    fc.assert(
      fc.property(body, (text) => {
        const read = readReviewComment({ body: text, authorized: true, commentId: 1 });
        for (const d of read.diagnostics) expect(d.message.length).toBeGreaterThan(0);
        for (const r of read.reviews) {
          const { normalized } = r;
          const blocking = r.review.findings.some((f) => f.severity === 'CRITICAL' || f.severity === 'MAJOR');
          const failed = Object.values(r.review.gates ?? {}).some((g) => !g.pass);
          expect(normalized.verdict === 'APPROVE').toBe(normalized.given === 'APPROVE' && !blocking && !failed);
          expect(normalized.downgraded).toBe(normalized.given === 'APPROVE' && (blocking || failed));
          expect(normalized.note !== undefined).toBe(normalized.downgraded);
        }
        expect(readReviewComment({ body: text, authorized: false })).toEqual({ reviews: [], diagnostics: [], ignored: 'unauthorized' });
      }),
      RUNS,
    );
  });
});
