import { describe, expect, it } from 'vitest';
import { SCAN_RULES } from '../../src/core/scan/rules/all-rules.js';
import {
  ADVERSARIAL_LINE_LENGTH,
  adversarialLinesFor,
  adversarialLinesFromExamples,
  timePattern,
} from '../../src/core/scan/rules/adversarial-lines.js';

/**
 * The regex-safety numbers come from the benchmark (bench/cases/scan.js, target ≤ 50 ms per
 * rule). This test only guards against catastrophic backtracking, with a bound a shared,
 * noisy machine cannot trip: exponential or quadratic blow-up on 100 KB takes seconds.
 */
const CATASTROPHIC_MS = 1000;

/** The pattern source with escapes and character classes removed: what is left is structure. */
function structure(source: string): string {
  return source.replace(/\\./g, 'E').replace(/\[(?:[^\]\\]|\\.)*\]/g, 'C');
}

describe('rule patterns', () => {
  for (const rule of SCAN_RULES) {
    it(`${rule.id} stays linear on ${ADVERSARIAL_LINE_LENGTH / 1000} KB adversarial lines`, () => {
      const fromExamples = adversarialLinesFromExamples(rule);
      for (const pattern of rule.patterns) {
        const worst = timePattern(pattern.re, [...adversarialLinesFor(pattern), ...fromExamples], () => performance.now());
        expect(worst.ms, `${rule.id}/${pattern.id}`).toBeLessThan(CATASTROPHIC_MS);
      }
    });
  }

  it('are written so the raw-file prefilter is a superset of the segment match: no anchors, no bare dot, no literal space', () => {
    for (const rule of SCAN_RULES) {
      for (const p of rule.patterns) {
        const s = structure(p.re.source);
        const where = `${rule.id}/${p.id}`;
        expect(s.includes(' '), `${where} has a literal space`).toBe(false);
        expect(/(?<!\(\?<?[=!]?)\./.test(s.replace(/\(\?<?[=!:]/g, '(')), `${where} has an unescaped dot`).toBe(false);
        expect(s.includes('^'), `${where} has ^`).toBe(false);
        // `$` is allowed only as "end of the unit" inside a lookahead alternative: `(?=…|$)`.
        expect(s.replace(/\|\$\)/g, ')').includes('$'), `${where} has $`).toBe(false);
      }
    }
  });

  it('have no nested unbounded quantifiers', () => {
    for (const rule of SCAN_RULES) {
      for (const p of rule.patterns) {
        const s = structure(p.re.source);
        // A group that contains * or + and is itself repeated with * or + (the classic ReDoS shape).
        expect(/\([^()]*[*+][^()]*\)[*+]/.test(s), `${rule.id}/${p.id}`).toBe(false);
      }
    }
  });
});
