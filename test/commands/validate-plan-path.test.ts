import { describe, expect, it } from 'vitest';
import { MAX_PLAN_PATH_LENGTH, validatePlanPath } from '../../src/core/commands/validate-plan-path.js';

describe('validatePlanPath', () => {
  it('accepts repository-relative paths, dot-folders and unicode names', () => {
    for (const p of ['.omx/plans/prd-x.md', 'prd.md', '.spiral/plans/2026-01-01T00-00-00-é.md', 'a b/c.md', 'x..y.md'])
      expect(validatePlanPath(p)).toEqual({ ok: true, path: p });
  });

  it('drops one leading ./', () => {
    expect(validatePlanPath('./prd.md')).toEqual({ ok: true, path: 'prd.md' });
    expect(validatePlanPath('././prd.md').ok).toBe(false);
  });

  it('refuses escapes, absolute paths and hidden characters', () => {
    for (const p of [
      '..',
      'a/../b',
      '../a',
      '/a',
      '\\\\server\\x',
      'C:x',
      'a\nb',
      'a\u200bb',
      'a\u0000',
      'a/./b',
      '',
      'x'.repeat(MAX_PLAN_PATH_LENGTH + 1),
    ]) {
      expect(validatePlanPath(p).ok, JSON.stringify(p)).toBe(false);
    }
  });

  it('never echoes the input in its message', () => {
    const check = validatePlanPath('../@alice<img>');
    expect(check.ok).toBe(false);
    expect((check as { message: string }).message).not.toContain('@alice');
  });
});
