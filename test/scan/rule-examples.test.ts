import { describe, expect, it } from 'vitest';
import { SCAN_RULES } from '../../src/core/scan/rules/all-rules.js';
import { examplePath, exampleText, scanFiles } from './scan-helpers.js';

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

  it('every rule with detectors has examples both ways', async () => {
    for (const rule of SCAN_RULES) {
      if (rule.detectors.length === 0 && !rule.frontmatter) continue;
      expect(rule.examples.match.length, rule.id).toBeGreaterThan(0);
      expect(rule.examples.noMatch.length, rule.id).toBeGreaterThan(0);
    }
  });
});
