import { describe, expect, it } from 'vitest';
import { extractReviewBlocks } from '../../src/core/approval/extract-review-blocks.js';
import { normalizeVerdict } from '../../src/core/approval/normalize-verdict.js';
import { parseReviewBlock, verdictFromWord, type ReviewBlock } from '../../src/core/approval/parse-review-block.js';
import { latestVerdicts, readReviewComment } from '../../src/core/approval/read-review-comment.js';

const gate = (pass = true) => ({ pass, reason: pass ? 'ok' : 'strawman alternatives' });
/** Spiral's CriticReview, whole (the fields plangate does not use included). */
function spiralReview(verdict: string, severities: string[] = [], failed: string[] = []) {
  return {
    verdict,
    mode: 'THOROUGH',
    summary: `${verdict} summary`,
    preCommitment: 'p',
    findings: severities.map((severity) => ({ severity, title: 't', evidence: 'e', why: 'w', fix: 'f', confidence: 'HIGH' })),
    gaps: [],
    ambiguities: [],
    perspectives: { executor: 'x', stakeholder: 's', skeptic: 'k' },
    gates: {
      principleOptionConsistency: gate(!failed.includes('principleOptionConsistency')),
      alternativesDepth: gate(!failed.includes('alternativesDepth')),
      riskVerificationRigor: gate(!failed.includes('riskVerificationRigor')),
      deliberateAdditions: gate(!failed.includes('deliberateAdditions')),
    },
    justification: 'j',
    openQuestions: [],
  };
}
const block = (value: unknown, info = 'plangate-review') => `\`\`\`${info}\n${JSON.stringify(value, null, 2)}\n\`\`\``;
const parsed = (value: unknown): ReviewBlock => {
  const result = parseReviewBlock(JSON.stringify(value));
  if (!result.ok) throw new Error(result.diagnostic.message);
  return result.review;
};

describe('verdict words', () => {
  it("maps the other tools' words, case-insensitively", () => {
    const table: Record<string, string> = {
      APPROVE: 'APPROVE',
      approve: 'APPROVE',
      ITERATE: 'ITERATE',
      Reject: 'REJECT',
      ACCEPT: 'APPROVE',
      'accept-with-reservations': 'APPROVE',
      'Accept with reservations': 'APPROVE',
      ACCEPT_WITH_RESERVATIONS: 'APPROVE',
      okay: 'APPROVE',
      APPROVED: 'APPROVE',
      revise: 'ITERATE',
      BLOCKED: 'REJECT',
    };
    for (const [word, verdict] of Object.entries(table)) expect(verdictFromWord(word), word).toBe(verdict);
    for (const word of ['LGTM', 'REQUEST CHANGES', '', 'toString', '__proto__']) expect(verdictFromWord(word), word).toBeUndefined();
  });
});

describe('normalizeVerdict', () => {
  it('downgrades APPROVE with blocking findings and failed gates, with the pinned wording', () => {
    const result = normalizeVerdict(parsed(spiralReview('APPROVE', ['CRITICAL', 'MAJOR', 'MINOR'], ['alternativesDepth'])));
    expect(result).toEqual({
      verdict: 'ITERATE',
      given: 'APPROVE',
      downgraded: true,
      blockingFindings: 2,
      failedGates: ['alternativesDepth'],
      note: 'verdict downgraded from APPROVE: 2 blocking finding(s); failed gates: alternativesDepth',
    });
  });

  it('names only what applies: findings alone, gates alone', () => {
    expect(normalizeVerdict(parsed(spiralReview('APPROVE', ['MAJOR']))).note).toBe(
      'verdict downgraded from APPROVE: 1 blocking finding(s)',
    );
    expect(normalizeVerdict(parsed(spiralReview('OKAY', [], ['riskVerificationRigor', 'deliberateAdditions']))).note).toBe(
      'verdict downgraded from APPROVE: failed gates: riskVerificationRigor, deliberateAdditions',
    );
  });

  it('keeps APPROVE with only MINOR findings and passing gates', () => {
    expect(normalizeVerdict(parsed(spiralReview('ACCEPT-WITH-RESERVATIONS', ['MINOR', 'minor'])))).toMatchObject({
      verdict: 'APPROVE',
      downgraded: false,
      blockingFindings: 0,
    });
  });

  it('leaves ITERATE and REJECT alone, findings or not', () => {
    expect(normalizeVerdict(parsed(spiralReview('REVISE', ['CRITICAL'], ['alternativesDepth'])))).toMatchObject({
      verdict: 'ITERATE',
      downgraded: false,
    });
    expect(normalizeVerdict(parsed(spiralReview('BLOCKED')))).toMatchObject({ verdict: 'REJECT', downgraded: false });
  });

  it('counts an extra failed gate too', () => {
    const review = parsed({
      ...spiralReview('APPROVE'),
      gates: { ...spiralReview('APPROVE').gates, clarity: { pass: false, reason: 'vague' } },
    });
    expect(normalizeVerdict(review).failedGates).toEqual(['clarity']);
  });
});

describe('parseReviewBlock', () => {
  it('accepts a minimal architect review without gates', () => {
    expect(parsed({ verdict: 'approve', role: 'Architect' })).toMatchObject({
      verdict: 'APPROVE',
      verdictWord: 'approve',
      role: 'architect',
      findings: [],
    });
  });

  it('turns every broken block into a diagnostic', () => {
    const cases: [string, RegExp][] = [
      ['{', /not valid JSON/],
      ['[]', /critic shape/],
      [JSON.stringify({ verdict: 'LGTM' }), /is not one of APPROVE, ITERATE, REJECT/],
      [JSON.stringify({ verdict: 'APPROVE', findings: [{ severity: 'HIGH' }] }), /findings\.0\.severity/],
      [
        JSON.stringify({ ...spiralReview('APPROVE'), gates: { alternativesDepth: { pass: true, reason: '' } } }),
        /gates\.principleOptionConsistency/,
      ],
      [
        JSON.stringify({
          verdict: 'APPROVE',
          gates: { ...spiralReview('APPROVE').gates, deliberateAdditions: { pass: 'yes', reason: '' } },
        }),
        /gates\.deliberateAdditions\.pass/,
      ],
      [JSON.stringify({ verdict: 'APPROVE', role: 'planner' }), /role/],
      ['x'.repeat(100_001), /longer than/],
    ];
    for (const [text, message] of cases) {
      const result = parseReviewBlock(text, 3);
      expect(result.ok, text.slice(0, 60)).toBe(false);
      expect((result as { diagnostic: { message: string; line: number } }).diagnostic).toMatchObject({
        code: 'review_invalid',
        line: 3,
        message: expect.stringMatching(message),
      });
    }
  });
});

describe('extractReviewBlocks', () => {
  it('finds plangate-review fences (backticks or tildes, longer fences, info after the word)', () => {
    const body = [
      'Review:',
      '```plangate-review',
      '{"a":1}',
      '```',
      'text',
      '~~~~ plangate-review extra',
      '{"b":2}',
      '```',
      '~~~~',
      '```json',
      '{}',
      '```',
    ].join('\n');
    expect(extractReviewBlocks(body)).toEqual([
      { text: '{"a":1}', line: 2, closed: true },
      { text: '{"b":2}\n```', line: 6, closed: true },
    ]);
  });

  it('does not read an example nested in another fence, nor an indented code line', () => {
    const body = ['````markdown', '```plangate-review', '{"verdict":"APPROVE"}', '```', '````', '    ```plangate-review', '    {}'].join(
      '\n',
    );
    expect(extractReviewBlocks(body)).toEqual([]);
  });

  it('runs an unclosed block to the end, as CommonMark does', () => {
    expect(extractReviewBlocks('```plangate-review\n{"verdict":"OKAY"}')).toEqual([{ text: '{"verdict":"OKAY"}', line: 1, closed: false }]);
  });
});

describe('readReviewComment', () => {
  it('reads verdicts only from authorized authors', () => {
    const body = block(spiralReview('APPROVE', ['MAJOR', 'CRITICAL'], ['alternativesDepth']));
    expect(readReviewComment({ body, authorized: false })).toEqual({ reviews: [], diagnostics: [], ignored: 'unauthorized' });
    const read = readReviewComment({ body: `Round 2\n\n${body}`, authorized: true, commentId: 9, author: 'spiral-planner[bot]' });
    expect(read.diagnostics).toEqual([]);
    expect(read.reviews).toHaveLength(1);
    expect(read.reviews[0]).toMatchObject({
      role: 'critic',
      line: 3,
      commentId: 9,
      author: 'spiral-planner[bot]',
      normalized: { verdict: 'ITERATE', note: 'verdict downgraded from APPROVE: 2 blocking finding(s); failed gates: alternativesDepth' },
    });
  });

  it('keeps valid blocks beside broken ones and reports each broken one with its line', () => {
    const body = [block({ verdict: 'APPROVE', role: 'architect' }), block({ verdict: 'maybe' }), '```plangate-review', '{'].join('\n');
    const read = readReviewComment({ body, authorized: true });
    expect(read.reviews.map((r) => r.role)).toEqual(['architect']);
    expect(read.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['review_invalid', 7],
      ['review_unclosed', 12],
      ['review_invalid', 12],
    ]);
  });

  it('reads at most ten blocks from one comment', () => {
    const body = Array.from({ length: 12 }, () => block({ verdict: 'APPROVE' })).join('\n');
    const read = readReviewComment({ body, authorized: true });
    expect(read.reviews).toHaveLength(10);
    expect(read.diagnostics[0]).toMatchObject({ code: 'review_too_many_blocks' });
  });
});

describe('latestVerdicts', () => {
  it('keeps the newest verdict per role', () => {
    const reviews = [
      ...readReviewComment({ body: block({ verdict: 'ITERATE' }), authorized: true, commentId: 5 }).reviews,
      ...readReviewComment({ body: `${block({ verdict: 'REJECT' })}\n${block({ verdict: 'APPROVE' })}`, authorized: true, commentId: 7 })
        .reviews,
      ...readReviewComment({ body: block({ verdict: 'REVISE', role: 'architect' }), authorized: true, commentId: 6 }).reviews,
      ...readReviewComment({ body: block({ verdict: 'REJECT' }), authorized: true, commentId: 3 }).reviews,
    ];
    const latest = latestVerdicts(reviews);
    expect(latest.critic).toMatchObject({ commentId: 7, normalized: { verdict: 'APPROVE' } });
    expect(latest.architect).toMatchObject({ commentId: 6, normalized: { verdict: 'ITERATE' } });
  });
});
