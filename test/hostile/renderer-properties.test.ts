import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECK_NAMES, makeFinding, type Finding } from '../../src/core/finding.js';
import { countSeverities, type Report } from '../../src/core/report.js';
import { LIMITS, renderMarkdown } from '../../src/render/markdown.js';
import { renderSarif } from '../../src/render/sarif.js';
import { validateSarif } from '../support/sarif-validator.js';

const RUNS = 1000;

/** Hostile text: any code points, plus the pieces attackers reach for in comments. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.constantFrom(
    '@octocat',
    '<img src=x onerror=alert(1)>',
    '```',
    '</details>',
    '<details>',
    '| a | b |',
    '<!-- x -->',
    '[x](javascript:alert(1))',
    '\u202e',
    '\u{e0041}',
    '#123',
    '`',
    '\\',
  ),
  fc
    .array(fc.constantFrom('@', '<', '>', '`', '|', '\n', '&', '#', '*', '_', '[', ']', '(', ')', 'a', ' '), { maxLength: 40 })
    .map((a) => a.join('')),
);

const findingArb: fc.Arbitrary<Finding> = fc
  .record({
    check: fc.constantFrom(...CHECK_NAMES),
    ruleId: fc.oneof(fc.constantFrom('S001', 'S004', 'plans/missing_prd', 'tasks/dependency_cycle'), hostileText),
    severity: fc.constantFrom('error' as const, 'warning' as const, 'notice' as const),
    level: fc.option(fc.constantFrom('HIGH' as const, 'MEDIUM' as const, 'LOW' as const), { nil: undefined }),
    file: fc.option(hostileText, { nil: undefined }),
    line: fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: undefined }),
    column: fc.option(fc.integer({ min: 1, max: 500 }), { nil: undefined }),
    message: hostileText,
    help: fc.option(hostileText, { nil: undefined }),
  })
  .map((f) => makeFinding(f));

const reportArb = (maxFindings: number): fc.Arbitrary<Report> =>
  fc
    .record({
      findings: fc.array(findingArb, { maxLength: maxFindings }),
      gate: fc.constantFrom('unlocked' as const, 'blocked' as const, 'not-required' as const),
      prd: fc.option(hostileText, { nil: undefined }),
      graphTitle: fc.option(hostileText, { nil: undefined }),
      nodeId: hostileText,
    })
    .map(({ findings, gate, prd, graphTitle, nodeId }) => {
      const counts = countSeverities(findings);
      const summary = {
        status: counts.error ? ('fail' as const) : ('pass' as const),
        errors: counts.error,
        warnings: counts.warning,
        notices: counts.notice,
      };
      return {
        version: 1,
        tool: 'plangate',
        gate,
        checks: { plans: summary, tasks: summary, catalog: summary, scan: summary },
        findings,
        counts,
        suppressed: 0,
        scanned: { files: 1, bytes: 1 },
        details: {
          plans: { layout: 'omx', dir: '.omx/plans/', status: gate === 'blocked' ? 'BLOCKED' : 'UNLOCKED', missing: prd ? [prd] : [], prd },
          graphs:
            graphTitle === undefined
              ? []
              : [
                  {
                    title: graphTitle,
                    file: 'x',
                    nodes: [{ id: nodeId, status: 'todo', problem: true }],
                    edges: [{ from: nodeId, to: nodeId, kind: 'dependsOn', problem: true }],
                    omitted: 0,
                  },
                ],
        },
        timingsMs: {},
      } satisfies Report;
    });

/** Tags plangate itself writes; anything else that looks like a tag came from content. */
const OWN_TAGS = /^<\/?(?:details|summary|sub|code)>$|^<!-- plangate:[a-z:-]+ -->$/;

function assertSafeMarkdown(body: string, limit: number): void {
  expect(body.length).toBeLessThanOrEqual(limit);
  // Every @ is defused with a zero-width space: no live mention from content.
  expect(body).not.toMatch(/@(?!&#8203;)/);
  for (const tag of body.match(/<[^>\n]*>/g) ?? []) expect(tag, 'raw HTML').toMatch(OWN_TAGS);
  expect((body.match(/<details>/g) ?? []).length).toBe((body.match(/<\/details>/g) ?? []).length);
  expect((body.match(/^```/gm) ?? []).length % 2).toBe(0);
}

describe('renderer properties (hostile content)', () => {
  it('the markdown comment never has a live mention, raw HTML, broken <details> or fence, and fits the comment limit', () => {
    fc.assert(
      fc.property(reportArb(12), (report) => {
        assertSafeMarkdown(renderMarkdown(report, { maxLength: LIMITS.comment, header: '<!-- plangate:gate -->' }), LIMITS.comment);
      }),
      { numRuns: RUNS },
    );
  });

  it('bodies fit the check-run and comment limits however many findings there are', () => {
    fc.assert(
      fc.property(reportArb(3), fc.integer({ min: 500, max: 3000 }), (report, copies) => {
        const many = {
          ...report,
          findings: Array.from({ length: copies }, (_, i) => report.findings[i % Math.max(1, report.findings.length)]).filter(
            (f): f is Finding => Boolean(f),
          ),
        };
        assertSafeMarkdown(renderMarkdown(many, { maxLength: LIMITS.checkRunSummary }), LIMITS.checkRunSummary);
        assertSafeMarkdown(renderMarkdown(many, { maxLength: LIMITS.comment }), LIMITS.comment);
      }),
      { numRuns: 50 },
    );
  });

  it('the SARIF renderer always emits schema-valid SARIF 2.1.0', () => {
    fc.assert(
      fc.property(reportArb(8), (report) => {
        const sarif = JSON.parse(renderSarif(report, { toolVersion: '0.1.0' }));
        expect(validateSarif(sarif), JSON.stringify(validateSarif.errors?.slice(0, 2))).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });
});
