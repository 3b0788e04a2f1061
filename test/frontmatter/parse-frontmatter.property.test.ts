import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFrontmatter, type ParsedFrontmatter } from '../../src/core/frontmatter/parse-frontmatter.js';
import { LineIndex } from '../../src/core/text.js';

const RUNS = 1000;

/** What must hold for every input: no exception, and positions that exist in the file. */
function assertWellFormed(text: string, result: ParsedFrontmatter): void {
  const lines = new LineIndex(text).lineCount;
  expect(result.bodyStartLine).toBeGreaterThanOrEqual(1);
  expect(result.bodyStartLine).toBeLessThanOrEqual(lines + 1);
  expect(result.bodyOffset).toBeGreaterThanOrEqual(0);
  expect(result.bodyOffset).toBeLessThanOrEqual(text.length);
  for (const d of result.diagnostics) {
    expect(d.line).toBeGreaterThanOrEqual(1);
    expect(d.line).toBeLessThanOrEqual(lines);
    expect(typeof d.message).toBe('string');
  }
  for (const line of result.keyLines.values()) expect(line).toBeLessThanOrEqual(lines);
  if (result.data !== undefined) {
    expect(result.present).toBe(true);
    expect(typeof result.data).toBe('object');
    expect(result.diagnostics.some((d) => d.severity === 'error')).toBe(false);
  }
  if (!result.present) expect(result.diagnostics).toEqual([]);
}

/** YAML-ish fragments, so that the block parser is exercised beyond "not YAML at all". */
const yamlToken = fc.constantFrom(
  'name: x',
  'description: "a b"',
  'a: &x [1, 2]',
  'b: *x',
  'c: !tag v',
  'd: !!binary aGk=',
  '- item',
  '? k',
  ': v',
  '  nested: 1',
  '\t',
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  '|',
  '>',
  '#',
  '---',
  '...',
  '%YAML 1.2',
  '<<: *x',
  '__proto__: 1',
  '\ufeff',
  '\r',
);
const yamlLine = fc.array(fc.oneof(yamlToken, fc.string({ maxLength: 12 })), { maxLength: 4 }).map((parts) => parts.join(' '));
const frontmatterLike = fc
  .tuple(
    fc.constantFrom('', '\ufeff', '\n', ' \n\n'),
    fc.array(yamlLine, { maxLength: 12 }),
    fc.boolean(),
    fc.constantFrom('\n', '\r\n', '\r'),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
  )
  .map(([lead, lines, closed, eol, body]) => `${lead}---${eol}${lines.join(eol)}${eol}${closed ? `---${eol}` : ''}${body}`);

describe('parseFrontmatter under fuzz', () => {
  it('turns any string into a result or diagnostics, never an exception', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        assertWellFormed(text, parseFrontmatter(text));
      }),
      { numRuns: RUNS },
    );
  });

  it('turns any frontmatter-shaped text into a result or diagnostics, never an exception', () => {
    fc.assert(
      fc.property(frontmatterLike, (text) => {
        const result = parseFrontmatter(text);
        expect(result.present).toBe(true);
        assertWellFormed(text, result);
      }),
      { numRuns: RUNS },
    );
  });
});
