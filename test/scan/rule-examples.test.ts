import { describe, expect, it } from 'vitest';
import { analyseFile } from '../../src/core/scan/analyse/analyse-file.js';
import { compileDetectors } from '../../src/core/scan/match/compile-detectors.js';
import { SCAN_RULES } from '../../src/core/scan/rules/all-rules.js';
import { examplePath, exampleText, scanFiles } from './scan-helpers.js';

/**
 * Detectors (`rule/detector`) that no match example of their rule can exercise yet, each with why.
 * The test below fails when a detector outside this list never fires, and when one in it starts to.
 */
const NOT_YET_EXERCISED: readonly string[] = [];

describe('every rule fires on its must-match examples and stays quiet on its must-not-match ones', () => {
  for (const rule of SCAN_RULES) {
    describe(`${rule.id} ${rule.name}`, () => {
      rule.examples.match.forEach((example, i) => {
        const text = exampleText(example);
        it(`matches #${i}: ${JSON.stringify(text.slice(0, 70))}`, async () => {
          for (const prefilter of [true, false]) {
            const out = await scanFiles({ [examplePath(rule, example)]: text }, { prefilter });
            const own = out.findings.filter((f) => f.ruleId === rule.id);
            expect(
              own.map((f) => f.message),
              `prefilter ${prefilter ? 'on' : 'off'}`,
            ).not.toEqual([]);
            if (typeof example !== 'string' && example.level) expect(own.map((f) => f.level)).toContain(example.level);
          }
        });
      });
      rule.examples.noMatch.forEach((example, i) => {
        const text = exampleText(example);
        it(`does not match #${i}: ${JSON.stringify(text.slice(0, 70))}`, async () => {
          const out = await scanFiles({ [examplePath(rule, example)]: text }, { prefilter: false });
          expect(out.findings.filter((f) => f.ruleId === rule.id).map((f) => f.message)).toEqual([]);
        });
      });
    });
  }

  it("every detector produces evidence on at least one of its rule's match examples", () => {
    const options = { detectors: compileDetectors(), secretNames: new Set<string>() };
    const fired = new Set<string>();
    for (const rule of SCAN_RULES) {
      for (const example of rule.examples.match) {
        const analysis = analyseFile(examplePath(rule, example), new TextEncoder().encode(exampleText(example)), options);
        // Only a rule's own examples count: evidence a detector gives on another rule's example proves nothing about this rule's.
        for (const e of analysis.evidence) if (e.rule === rule.id) fired.add(`${e.rule}/${e.detector}`);
      }
    }
    const neverFired = SCAN_RULES.flatMap((rule) => rule.detectors.map((d) => `${rule.id}/${d.id}`)).filter((id) => !fired.has(id));
    expect(neverFired).toEqual(NOT_YET_EXERCISED);
  });

  it('every rule with detectors has examples both ways', async () => {
    for (const rule of SCAN_RULES) {
      if (rule.detectors.length === 0 && !rule.frontmatter) continue;
      expect(rule.examples.match.length, rule.id).toBeGreaterThan(0);
      expect(rule.examples.noMatch.length, rule.id).toBeGreaterThan(0);
    }
  });
});
