import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHECK_NAMES, makeFinding, type CheckName } from '../../src/core/finding.js';
import { countSeverities, exitCodeFor, type CheckSummary, type PlansGateDetails, type Report } from '../../src/core/report.js';
import { renderJson } from '../../src/render/json.js';
import { LIMITS, renderMarkdown } from '../../src/render/markdown.js';
import { renderText } from '../../src/render/text.js';
import { GATE_WORDS } from '../../src/render/verdict.js';

const status = fc.constantFrom<CheckSummary['status']>('pass', 'fail', 'skipped');
const summary = fc.record({ status, errors: fc.nat(5), warnings: fc.nat(5), notices: fc.nat(5) });
const nasty = fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => s.replace(/^$/, 'x'));
const severity = fc.constantFrom('error' as const, 'warning' as const, 'notice' as const);
const finding = fc
  .record({ check: fc.constantFrom(...CHECK_NAMES), severity, message: nasty, file: fc.option(nasty, { nil: undefined }) })
  .map((f) =>
    makeFinding({
      check: f.check,
      ruleId: `${f.check}/x`,
      severity: f.severity,
      message: f.message,
      ...(f.file ? { file: f.file, line: 1 } : {}),
    }),
  );
const plans: fc.Arbitrary<PlansGateDetails | undefined> = fc.option(
  fc.record({
    layout: fc.constantFrom('omx', 'omc', 'spiral', 'ralphdex'),
    dir: nasty,
    status: fc.constantFrom('UNLOCKED' as const, 'BLOCKED' as const, 'NOT_REQUIRED' as const),
    missing: fc.array(nasty, { maxLength: 2 }),
    requiredBecause: fc.option(nasty, { nil: undefined }),
  }),
  { nil: undefined },
);
const setup = fc.option(
  fc.record({
    configOrigin: nasty,
    presets: fc.array(fc.record({ name: fc.constantFrom('omx', 'omc'), because: nasty }), { maxLength: 2 }),
    nearMisses: fc.array(nasty, { maxLength: 1 }),
    discovered: nasty,
    skills: fc.record({ count: fc.nat(500), roots: fc.array(nasty, { maxLength: 2 }) }),
    agentFiles: fc.nat(9),
    instructionFiles: fc.nat(9),
  }),
  { nil: undefined },
);

const report: fc.Arbitrary<Report> = fc
  .record({
    checks: fc.record(Object.fromEntries(CHECK_NAMES.map((c) => [c, summary])) as Record<CheckName, typeof summary>),
    gate: fc.constantFrom('unlocked' as const, 'blocked' as const, 'not-required' as const, 'not-checked' as const),
    findings: fc.array(finding, { maxLength: 4 }),
    plans,
    setup,
  })
  .map(({ checks, gate, findings, plans: p, setup: s }) => ({
    version: 1 as const,
    tool: 'plangate' as const,
    gate,
    checks,
    findings,
    counts: countSeverities(findings),
    suppressed: 0,
    scanned: { files: 0, bytes: 0 },
    details: p ? { plans: p } : {},
    ...(s ? { setup: s } : {}),
    timingsMs: {},
  }));

describe('one verdict: the headline of every format agrees with the exit code', () => {
  it('text, markdown and JSON all say pass exactly when the exit code is 0, and say it first', () => {
    fc.assert(
      fc.property(report, (r) => {
        const pass = exitCodeFor(r) === 0;
        const word = pass ? 'PASS' : 'FAIL';

        const text = renderText(r, { color: false }).split('\n');
        expect(text[0]).toMatch(new RegExp(`^plangate: ${word}\\b`));
        // One vocabulary: the gate's state in JSON, and its words in text and markdown, from one table.
        const gateWords = GATE_WORDS[r.gate];
        expect(text[1]).toMatch(new RegExp(`^planning gate: ${gateWords}\\b`));

        const markdown = renderMarkdown(r, { maxLength: LIMITS.comment, header: '<!-- marker -->' }).split('\n');
        expect(markdown[0]).toBe('<!-- marker -->');
        expect(markdown[1]).toMatch(new RegExp(`^### ${pass ? '✅' : '❌'} plangate: ${word}\\b`));
        const gateLine = markdown.slice(2).find((l) => l.trim());
        // The oh-my-codex overlay's heading only where there are plans; elsewhere one plain line.
        const heading = r.details.plans && r.gate !== 'not-checked' ? 'Ralph Ralplan-First Gate' : 'Planning gate';
        expect(gateLine).toMatch(new RegExp(`^\\*\\*${heading}:\\*\\* ${gateWords}\\b`));

        const json = JSON.parse(renderJson(r)) as Record<string, unknown>;
        expect(json.result).toBe(pass ? 'pass' : 'fail');
        expect(Object.keys(json).slice(0, 4)).toEqual(['version', 'tool', 'result', 'gate']);
        expect(json.gate).toBe(r.gate);
      }),
      { numRuns: 300 },
    );
  });

  it('never heads a failing report with the gate state (the old "UNLOCKED" over exit 1)', () => {
    fc.assert(
      fc.property(report, (r) => {
        fc.pre(exitCodeFor(r) === 1);
        expect(renderText(r, { color: false }).split('\n')[0]).not.toMatch(/UNLOCKED|BLOCKED/);
        expect(renderMarkdown(r, { maxLength: LIMITS.comment }).split('\n')[0]).not.toContain('✅');
      }),
      { numRuns: 200 },
    );
  });
});
