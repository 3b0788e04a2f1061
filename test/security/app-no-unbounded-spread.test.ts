import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { capFindings } from '../../src/core/cap-findings.js';
import { makeFinding } from '../../src/core/finding.js';
import { maxOf, minOf, pushAll } from '../../src/core/push-all.js';
import { REPO_ROOT } from '../support/paths.js';

/**
 * `findings.push(...own)` with ~165,000 findings threw `RangeError: Maximum call stack size
 * exceeded` and the App passed the check. Spreading a list into a call's arguments fails at some
 * length, so no source file may do it: eslint.config.js forbids each form (no-restricted-syntax),
 * and `npm run lint` runs it over src/ (CI too). This test holds the rule to every form.
 */
const eslint = new ESLint({ cwd: REPO_ROOT, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' });

async function offences(code: string, file = 'src/core/planted.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(REPO_ROOT, file) });
  return result!.messages.map((m) => `${m.line}: ${m.message.split(':')[0]}`);
}

describe('no list is spread into a call', () => {
  it('the lint rule rejects every form, also when the spread is on a line of its own', async () => {
    const planted = [
      'findings.push(...more);',
      'findings.push(\n  first,\n  ...checkSkills(skills),\n);',
      'list.unshift(...more); list.splice(0, 0, ...more);',
      'Math.max(...sizes); Math.min(0, ...sizes);',
      'String.fromCharCode(...codes); String.fromCodePoint(...points);',
      'Math.max.apply(null, sizes);',
    ];
    expect(await offences(planted.join('\n'))).toEqual([
      '1: push/unshift/splice(...list)',
      '4: push/unshift/splice(...list)',
      '6: push/unshift/splice(...list)',
      '6: push/unshift/splice(...list)',
      '7: Math.max/min(...list)',
      '7: Math.max/min(...list)',
      '8: String.fromCharCode(...list)',
      '8: String.fromCharCode(...list)',
      '9: .apply(…, list)',
    ]);
    // Spreads that build a new array or object are not call arguments.
    expect(await offences('const all = [...a, ...b]; const o = { ...x }; f({ ...x }); pushAll(out, a, b);')).toEqual([]);
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
