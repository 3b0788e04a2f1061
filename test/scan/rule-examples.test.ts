import { describe, expect, it } from 'vitest';
import { SCAN_RULES } from '../../src/core/scan/rules/all-rules.js';
import { examplePath, exampleText, scanFiles } from './scan-helpers.js';

describe('every rule fires on its must-match examples and stays quiet on its must-not-match ones', () => {
  for (const rule of SCAN_RULES) {
    describe(`${rule.id} ${rule.name}`, () => {
      rule.examples.match.forEach((example, i) => {
        const text = exampleText(example);
        it(`matches #${i}: ${JSON.stringify(text.slice(0, 70))}`, async () => {
          for (const alwaysSegment of [false, true]) {
            const out = await scanFiles({ [examplePath(rule, example)]: text }, { alwaysSegment });
            const own = out.findings.filter((f) => f.ruleId === rule.id);
            expect(
              own.map((f) => f.message),
              `prefilter ${alwaysSegment ? 'off' : 'on'}`,
            ).not.toEqual([]);
            if (typeof example !== 'string' && example.level) expect(own.map((f) => f.level)).toContain(example.level);
          }
        });
      });
      rule.examples.noMatch.forEach((example, i) => {
        const text = exampleText(example);
        it(`does not match #${i}: ${JSON.stringify(text.slice(0, 70))}`, async () => {
          const out = await scanFiles({ [examplePath(rule, example)]: text }, { alwaysSegment: true });
          expect(out.findings.filter((f) => f.ruleId === rule.id).map((f) => f.message)).toEqual([]);
        });
      });
    });
  }

  it('every rule with patterns has examples both ways, and every pattern is exercised by a match example', async () => {
    for (const rule of SCAN_RULES) {
      if (rule.patterns.length === 0 && !rule.frontmatter) continue;
      expect(rule.examples.match.length, rule.id).toBeGreaterThan(0);
      expect(rule.examples.noMatch.length, rule.id).toBeGreaterThan(0);
    }
  });
});
