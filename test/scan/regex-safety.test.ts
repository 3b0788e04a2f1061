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

describe('rule detectors', () => {
  for (const rule of SCAN_RULES) {
    it(`${rule.id} stays linear on ${ADVERSARIAL_LINE_LENGTH / 1000} KB adversarial lines`, () => {
      const fromExamples = adversarialLinesFromExamples(rule);
      for (const detector of rule.detectors) {
        for (const re of [detector.re, ...(detector.requires ? [detector.requires] : [])]) {
          const worst = timePattern(re, [...adversarialLinesFor(detector), ...fromExamples], () => performance.now());
          expect(worst.ms, `${rule.id}/${detector.id}`).toBeLessThan(CATASTROPHIC_MS);
        }
      }
    });
  }

  it('have no nested unbounded quantifiers', () => {
    for (const rule of SCAN_RULES) {
      for (const d of rule.detectors) {
        for (const re of [d.re, ...(d.requires ? [d.requires] : [])]) {
          // A group that contains * or + and is itself repeated with * or + (the classic ReDoS shape).
          expect(/\([^()]*[*+][^()]*\)[*+]/.test(structure(re.source)), `${rule.id}/${d.id}`).toBe(false);
        }
      }
    }
  });

  it('have keywords to wake them, each unique within its rule', () => {
    for (const rule of SCAN_RULES) {
      expect(new Set(rule.detectors.map((d) => d.id)).size, rule.id).toBe(rule.detectors.length);
      for (const d of rule.detectors) expect(d.keywords.length, `${rule.id}/${d.id}`).toBeGreaterThan(0);
    }
  });
});
