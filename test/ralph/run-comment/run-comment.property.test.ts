import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RALPH_OUTCOMES } from '../../../src/core/ralph/ralph-state.js';
import { parseRunComment } from '../../../src/core/ralph/run-comment/parse-run-comment.js';
import { MAX_COMMENT_LENGTH, RUN_COMMENT_MARKER, renderRunComment } from '../../../src/core/ralph/run-comment/render-run-comment.js';
import { clampRunCommentData, RUN_STATUSES, type RunCommentData } from '../../../src/core/ralph/run-comment/run-comment-data.js';
import { parseRalphResult } from '../../../src/core/ralph/parse-ralph-result.js';

const RUNS = { numRuns: 1000 };
const LIVE_MENTION = /(^|[^\w`])@[A-Za-z0-9]/m;
const text = (maxLength: number) =>
  fc.oneof(
    fc.string({ unit: 'binary', maxLength }),
    fc.constantFrom('-->', '<!-- plangate:run-data {} -->', '| @alice <img> `x`', '\n\r\u2028', '&&&&'),
  );
const count = fc.oneof(fc.nat({ max: 1000 }), fc.constantFrom(-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60));
const url = fc.oneof(
  fc.webUrl({ validSchemes: ['https'] }),
  fc.constantFrom('javascript:alert(1)', 'https://x.test/a)(b', 'https://github.com/a/b/pull/1'),
  fc.string({ maxLength: 20 }),
);

const data: fc.Arbitrary<RunCommentData> = fc.record(
  {
    version: fc.constant(1 as const),
    key: fc.string({ unit: 'binary', minLength: 1, maxLength: 450 }),
    previousKeys: fc.array(fc.string({ unit: 'binary', maxLength: 450 }), { maxLength: 12 }),
    claim: text(120),
    status: fc.constantFrom(...RUN_STATUSES),
    mode: fc.constantFrom('ralph' as const, 'team' as const),
    plan: text(1100),
    commit: fc.oneof(fc.stringMatching(/^[0-9a-f]{40}$/), fc.stringMatching(/^[0-9a-f]{64}$/), text(70)),
    approval: fc.record(
      {
        state: fc.constantFrom('approved' as const, 'not-required' as const, 'bypassed' as const, 'well-specified' as const),
        by: fc.oneof(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9-]{0,10}$/), fc.string({ maxLength: 8 })),
        at: fc.oneof(
          fc.date({ min: new Date(0), max: new Date('2999-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
          fc.string({ maxLength: 8 }),
        ),
      },
      { requiredKeys: ['state'] },
    ),
    runId: count,
    runUrl: url,
    ralphRunId: text(250),
    iteration: count,
    maxIterations: count,
    outcome: fc.constantFrom(...RALPH_OUTCOMES),
    reason: text(700),
    stories: fc.array(fc.record({ id: text(80), title: text(130), passes: fc.boolean(), attempts: count }), { maxLength: 60 }),
    storiesOmitted: count,
    prUrl: url,
  },
  { requiredKeys: ['version', 'key', 'previousKeys', 'status', 'mode', 'iteration', 'maxIterations'] },
);

describe('run comment parser under fuzz', () => {
  it('any comment body → none, run data or a diagnostic; never an exception', () => {
    const marked = fc
      .tuple(text(100), fc.jsonValue({ maxDepth: 2 }))
      .map(([t, v]) => `${RUN_COMMENT_MARKER}\n${t}\n<!-- plangate:run-data ${JSON.stringify(v)} -->\n${t}`);
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), marked), (body) => {
        const parsed = parseRunComment(body);
        expect(['none', 'run', 'invalid']).toContain(parsed.kind);
        if (parsed.kind === 'invalid') expect(parsed.diagnostic.message.length).toBeGreaterThan(0);
      }),
      RUNS,
    );
  });

  it("render → parse gives back the clamped data for any input, within GitHub's limit, escaped", () => {
    fc.assert(
      fc.property(data, (d) => {
        const body = renderRunComment(d);
        expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_LENGTH);
        const clamped = clampRunCommentData(d);
        expect(parseRunComment(body)).toEqual({ kind: 'run', data: clamped });
        expect(clampRunCommentData(clamped)).toEqual(clamped);
        const visible = body.split('\n').slice(2).join('\n');
        expect(visible).not.toMatch(LIVE_MENTION);
        expect(visible).not.toMatch(/<(?!code>|\/code>|sub>|\/sub>)/);
      }),
      { numRuns: 1000 },
    );
  });

  it('the result-file parser never throws', () => {
    const result = fc.record(
      {
        outcome: fc.oneof(fc.constantFrom(...RALPH_OUTCOMES), fc.string({ maxLength: 5 })),
        iterations: fc.oneof(count, fc.string({ maxLength: 3 })),
        stories: fc.oneof(
          fc.array(fc.record({ id: text(10), title: text(10), passes: fc.boolean(), attempts: count }, { requiredKeys: [] }), {
            maxLength: 3,
          }),
          fc.jsonValue({ maxDepth: 1 }),
        ),
        runId: fc.oneof(fc.string({ maxLength: 5 }), fc.integer()),
        prUrl: url,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 200 }),
          result.map((r) => JSON.stringify(r)),
        ),
        (t) => {
          const parsed = parseRalphResult(t);
          if (!parsed.ok) expect(parsed.diagnostics.length).toBeGreaterThan(0);
        },
      ),
      RUNS,
    );
  });
});
