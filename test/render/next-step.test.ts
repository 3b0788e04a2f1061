import { describe, expect, it } from 'vitest';
import { makeFinding, type Finding } from '../../src/core/finding.js';
import { nextStep } from '../../src/render/next-step.js';
import { scanReport } from '../support/scan-report.js';

const error = (file: string, line: number, help: string): Finding =>
  makeFinding({ check: 'scan', ruleId: 'S001', level: 'HIGH', severity: 'error', file, line, message: `m ${file}`, help });
const rerun = 'plangate check --base origin/main';

describe('the last line of a failing report: one thing to do next', () => {
  it('says nothing when the report passes', () => {
    expect(nextStep(scanReport([]), { rerun })).toBeUndefined();
  });

  it('is the fix itself when every error has the same one (lines of a multi-line fix joined)', () => {
    const one = scanReport([error('a/SKILL.md', 3, 'Pin the version.\nUse a checksum.')]);
    expect(nextStep(one, { rerun })).toBe('pin the version. Use a checksum; then run `plangate check --base origin/main`.');
    const two = scanReport([error('a/SKILL.md', 3, 'Pin it.'), error('b/SKILL.md', 4, 'Pin it.')]);
    expect(nextStep(two, { rerun })).toBe('all 2 errors: pin it; then run `plangate check --base origin/main`.');
  });

  it('accepts with plangate baseline the errors a change did not bring, and fixes the ones it did', () => {
    const report = scanReport([error('a/SKILL.md', 3, 'Fix a.'), error('b/SKILL.md', 9, 'Fix b.')]);
    const changedLines = new Map([['b/SKILL.md', [[9, 9] as const]]]);
    expect(nextStep(report, { rerun, changedLines })).toBe(
      '1 error was there before this change: accept it on the base branch with `plangate baseline --reason "<why>"`, fix the 1 this change brings (each says how); then run `plangate check --base origin/main`.',
    );
  });

  it('otherwise points at the errors, and without a change offers the baseline for what was already there', () => {
    const report = scanReport([error('a/SKILL.md', 3, 'Fix a.'), error('b/SKILL.md', 9, 'Fix b.')]);
    expect(nextStep(report, { rerun: 'plangate check' })).toBe(
      'fix the 2 errors above (each says how), then run `plangate check`; or, to accept findings that were there before: `plangate baseline --reason "<why>"`.',
    );
  });
});
