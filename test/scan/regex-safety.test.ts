import { describe, expect, it } from 'vitest';
import { SCAN_RULES } from '../../src/core/scan/rules/all-rules.js';
import {
  ADVERSARIAL_LINE_LENGTH,
  adversarialLinesFor,
  adversarialLinesFromExamples,
  timePattern,
} from '../../src/core/scan/rules/adversarial-lines.js';
import { nestedRepetition } from './support/nested-repetition.js';

/**
 * The regex-safety numbers come from the benchmark (bench/cases/scan.js, target ≤ 50 ms per
 * rule). This test only guards against catastrophic backtracking, with a bound a shared,
 * noisy machine cannot trip: exponential or quadratic blow-up on 100 KB takes seconds.
 */
const CATASTROPHIC_MS = 1000;

/** The most a detector repeats inside a repetition (the largest today: 1,600, `rm` flags × paths). */
const MAX_NESTED_REPETITION = 2000;

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

  it('nest no unbounded quantifier, and repeat inside a repetition at most 2,000 times', () => {
    const over: string[] = [];
    for (const rule of SCAN_RULES) {
      for (const d of rule.detectors) {
        for (const re of [d.re, ...(d.requires ? [d.requires] : [])]) {
          const product = nestedRepetition(re.source);
          if (product > MAX_NESTED_REPETITION) over.push(`${rule.id}/${d.id}: ${product}`);
        }
      }
    }
    expect(over).toEqual([]);
  });

  it('have keywords to wake them, each unique within its rule', () => {
    for (const rule of SCAN_RULES) {
      expect(new Set(rule.detectors.map((d) => d.id)).size, rule.id).toBe(rule.detectors.length);
      for (const d of rule.detectors) expect(d.keywords.length, `${rule.id}/${d.id}`).toBeGreaterThan(0);
    }
  });
});

describe('the nested-repetition measure the detectors are held to', () => {
  it('finds the shapes that backtrack: nested unbounded and large nested bounded quantifiers', () => {
    expect(nestedRepetition('(a+)+')).toBe(Infinity);
    expect(nestedRepetition('([a-z]+\\s)*')).toBe(Infinity);
    expect(nestedRepetition('(?:the\\s{1,8}|this\\s{1,8})*x')).toBe(Infinity);
    expect(nestedRepetition('(?:a{0,100}){0,100}')).toBe(10_000);
    expect(nestedRepetition('(?:(?:x{1,4}y){1,6}z){1,3}')).toBe(72);
  });

  it('does not count a lone quantifier, a quantified group without one inside, or quantifiers in a class or escape', () => {
    expect(nestedRepetition('a+b*c{1,9}')).toBe(1);
    expect(nestedRepetition('(?:ab){1,6}(?<name>c)+')).toBe(1);
    expect(nestedRepetition('(?:[+*]\\+){1,6}')).toBe(1);
  });
});
