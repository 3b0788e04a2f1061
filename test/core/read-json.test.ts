import { describe, expect, it } from 'vitest';
import { readJson } from '../../src/core/json/read-json.js';

describe('readJson', () => {
  it('gives the line and column of values and keys', () => {
    const result = readJson('{\n  "tasks": [\n    { "id": "T1" },\n    { "id": "T2", "status": "done" }\n  ]\n}');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.doc.positionOf(['tasks', 1])).toEqual({ line: 4, column: 5 });
    expect(result.doc.positionOf(['tasks', 1, 'status'])).toEqual({ line: 4, column: 29 });
    expect(result.doc.keyPositionOf(['tasks', 1, 'status'])).toEqual({ line: 4, column: 19 });
  });

  it('reports a syntax error with its own line and column', () => {
    const result = readJson('{"a": [1,\n {"b": 2]}');
    expect(result).toMatchObject({ ok: false, error: { message: 'Comma expected', line: 2, column: 9 } });
  });

  it('refuses absurd nesting with a diagnostic instead of overflowing the stack', () => {
    const result = readJson('['.repeat(10_000) + ']'.repeat(10_000));
    expect(result).toMatchObject({ ok: false, error: { line: 1 } });
    if (!result.ok) expect(result.error.message).toMatch(/Nesting deeper than/);
  });

  it('keeps a __proto__ key as data', () => {
    const result = readJson('{"__proto__": {"polluted": true}}');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.getPrototypeOf(result.doc.value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('tolerates a byte-order mark and rejects comments and trailing commas', () => {
    expect(readJson('\ufeff{"a": 1}').ok).toBe(true);
    expect(readJson('// c\n{}').ok).toBe(false);
    expect(readJson('{"a": 1,}').ok).toBe(false);
  });
});
