import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capFindings } from '../../src/core/cap-findings.js';
import { makeFinding } from '../../src/core/finding.js';
import { maxOf, minOf, pushAll } from '../../src/core/push-all.js';
import { REPO_ROOT } from '../support/paths.js';

/**
 * issue 13 §1: `findings.push(...own)` with ~165,000 findings threw `RangeError: Maximum call
 * stack size exceeded` and the App passed the check. Spreading a list into a call's arguments
 * fails at some length, so no source file may do it with a list that data can grow.
 */
const SPREAD_INTO_CALL = [
  // A spread among the call's own arguments (an object spread `{ ...x }` inside one is fine).
  { what: 'push/unshift/splice(...list)', re: /\.(?:push|unshift|splice)\((?:[^(){}]*,)?\s*\.\.\./ },
  { what: 'Math.max/min(...list)', re: /Math\.(?:max|min)\((?:[^(){}]*,)?\s*\.\.\./ },
  { what: 'String.fromCharCode/fromCodePoint(...list)', re: /String\.fromC(?:harCode|odePoint)\(\s*\.\.\./ },
  { what: '.apply(…, list)', re: /\.apply\(/ },
];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const pending = [dir];
  while (pending.length) {
    const current = pending.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (entry.name.endsWith('.ts')) out.push(path);
    }
  }
  return out.sort();
}

describe('no list is spread into a call', () => {
  it('no file in src/ spreads a list into push, Math.max/min, fromCharCode or apply', () => {
    const offences: string[] = [];
    for (const file of sourceFiles(join(REPO_ROOT, 'src'))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      for (const [i, line] of lines.entries()) {
        if (/^\s*(?:\*|\/\/)/.test(line)) continue;
        for (const { what, re } of SPREAD_INTO_CALL) if (re.test(line)) offences.push(`${relative(REPO_ROOT, file)}:${i + 1}: ${what}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('the helpers take lists far past the spread limit', () => {
    const big = Array.from({ length: 300_000 }, (_, i) => i);
    expect(() => [].push(...(big as never[]))).toThrow(RangeError);
    expect(pushAll([-1], big, [300_000])).toHaveLength(300_002);
    expect(maxOf(big)).toBe(299_999);
    expect(minOf(big, 5)).toBe(0);
    expect(maxOf([], 2)).toBe(2);
  });

  it('capped findings: a 200,000-finding flood lists a bounded few, counts every one, and keeps the lone other finding', () => {
    const flood = Array.from({ length: 200_000 }, (_, i) =>
      makeFinding({
        check: 'scan',
        ruleId: 'S007',
        severity: 'error',
        file: `skills/x/f${i % 3}.sh`,
        line: Math.floor(i / 3) + 1,
        message: 'rm -rf ~',
        fingerprintKey: `k${i}`,
      }),
    );
    const lone = makeFinding({
      check: 'scan',
      ruleId: 'S001',
      severity: 'error',
      file: 'skills/x/install.sh',
      line: 1,
      message: 'curl | bash',
    });
    const warning = makeFinding({
      check: 'scan',
      ruleId: 'S003',
      severity: 'warning',
      file: 'skills/x/f0.sh',
      line: 9,
      message: 'npm i -g',
    });
    const capped = capFindings([...flood, warning, lone]);
    expect(capped.counts).toEqual({ error: 200_001, warning: 1, notice: 0 });
    expect(capped.listed.length).toBeLessThanOrEqual(3 * 100 + 3 + 2);
    expect(capped.listed).toContainEqual(lone);
    const more = capped.listed.filter((f) => /more S007 finding/.test(f.message));
    expect(more).toHaveLength(3);
    expect(more.every((f) => f.severity === 'error' && f.file)).toBe(true);
    const listedFlood = capped.listed.filter((f) => f.ruleId === 'S007' && !/more/.test(f.message)).length;
    expect(listedFlood + more.reduce((n, f) => n + Number(/(\d+) more/.exec(f.message)![1]), 0)).toBe(200_000);
    // The per-file cap holds across rules: the warning in the flooded file is cut and counted too.
    expect(capped.listed.find((f) => f.ruleId === 'S003')).toMatchObject({
      severity: 'warning',
      file: 'skills/x/f0.sh',
      message: expect.stringMatching(/^1 more S003 finding/),
    });
    expect(capped.omitted).toBe(200_000 - listedFlood + 1);
  });

  it('the per-rule cap bounds a flood spread thin over many files', () => {
    const thin = Array.from({ length: 50_000 }, (_, i) =>
      makeFinding({ check: 'scan', ruleId: 'S007', severity: 'warning', file: `f${i}.sh`, line: 1, message: 'x' }),
    );
    const capped = capFindings(thin);
    expect(capped.listed.length).toBe(501);
    expect(capped.listed.at(-1)!.message).toMatch(/^49500 more S007 finding\(s\) in 49500 file\(s\)/);
    expect(capped.listed.at(-1)).toMatchObject({ severity: 'warning' });
    expect(capped.counts.warning).toBe(50_000);
  });
});
