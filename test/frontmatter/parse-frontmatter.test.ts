import { describe, expect, it } from 'vitest';
import { MAX_FRONTMATTER_ALIASES, parseFrontmatter } from '../../src/core/frontmatter/parse-frontmatter.js';

function aliasBomb(levels: number): string {
  const lines = ['name: bomb', 'l0: &l0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
  for (let i = 1; i < levels; i++)
    lines.push(
      `l${i}: &l${i} [${Array(9)
        .fill(`*l${i - 1}`)
        .join(',')}]`,
    );
  return `---\n${lines.join('\n')}\n---\nbody\n`;
}

describe('parseFrontmatter', () => {
  it('returns the mapping, the line of each key and where the body starts', () => {
    const result = parseFrontmatter('---\nname: alpha\ndescription: Does alpha.\n---\n# Alpha\n');
    expect(result).toMatchObject({
      present: true,
      data: { name: 'alpha', description: 'Does alpha.' },
      startLine: 1,
      endLine: 4,
      bodyStartLine: 5,
    });
    expect(result.keyLines.get('description')).toBe(3);
    expect(result.diagnostics).toEqual([]);
    expect('---\nname: alpha\ndescription: Does alpha.\n---\n# Alpha\n'.slice(result.bodyOffset)).toBe('# Alpha\n');
  });

  it('tolerates a byte-order mark and leading blank lines, and counts lines from the file start', () => {
    const result = parseFrontmatter('\ufeff\n  \n---\nname: alpha\n---\nbody');
    expect(result).toMatchObject({ present: true, data: { name: 'alpha' }, startLine: 3, bodyStartLine: 6 });
    expect(result.keyLines.get('name')).toBe(4);
  });

  it('tolerates CRLF and lone CR line ends', () => {
    const crlf = parseFrontmatter('---\r\nname: alpha\r\ndescription: d\r\n---\r\nbody\r\n');
    expect(crlf).toMatchObject({ data: { name: 'alpha', description: 'd' }, bodyStartLine: 5 });
    const cr = parseFrontmatter('---\rname: alpha\r---\rbody');
    expect(cr).toMatchObject({ data: { name: 'alpha' }, bodyStartLine: 4 });
    expect('---\rname: alpha\r---\rbody'.slice(cr.bodyOffset)).toBe('body');
  });

  it('reports no frontmatter when the file does not open with ---', () => {
    expect(parseFrontmatter('# Title\n---\nname: x\n---\n')).toMatchObject({
      present: false,
      bodyStartLine: 1,
      bodyOffset: 0,
      diagnostics: [],
    });
    expect(parseFrontmatter('')).toMatchObject({ present: false });
    expect(parseFrontmatter('----\nname: x\n---\n').present).toBe(false);
  });

  it('reports an unclosed block at its opening line', () => {
    const result = parseFrontmatter('\n---\nname: alpha\n# body\n');
    expect(result.data).toBeUndefined();
    expect(result.diagnostics).toEqual([expect.objectContaining({ kind: 'unclosed', severity: 'error', line: 2 })]);
  });

  it('gives a YAML error the line it has in the file, not in the block', () => {
    const result = parseFrontmatter('\n\n---\nname: alpha\ndescription: [unclosed\n---\n');
    expect(result.data).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ kind: 'yaml_error', severity: 'error' });
    expect(result.diagnostics[0]!.line).toBeGreaterThanOrEqual(5);
    const dup = parseFrontmatter('---\nname: a\ndescription: b\nname: c\n---\n');
    expect(dup.diagnostics).toEqual([
      expect.objectContaining({ kind: 'yaml_error', line: 4, column: 1, message: expect.stringMatching(/unique/) }),
    ]);
  });

  it('gives an empty mapping for an empty block and refuses a block that is not a mapping', () => {
    expect(parseFrontmatter('---\n---\nbody')).toMatchObject({ present: true, data: {}, diagnostics: [] });
    const list = parseFrontmatter('---\n- a\n- b\n---\n');
    expect(list.data).toBeUndefined();
    expect(list.diagnostics).toEqual([expect.objectContaining({ kind: 'not_a_mapping', line: 2 })]);
  });

  it('never constructs custom or extra tags and reports them', () => {
    const result = parseFrontmatter('---\nname: !foo alpha\nblob: !!binary aGk=\nset: !!set {a}\n---\n');
    expect(result.data).toBeUndefined();
    const tags = result.diagnostics.filter((d) => d.kind === 'custom_tag');
    expect(tags.map((d) => d.line)).toEqual([2, 3, 4]);
    expect(tags.every((d) => d.severity === 'error')).toBe(true);
  });

  it('stops an alias bomb with a diagnostic instead of expanding it', () => {
    const started = performance.now();
    const result = parseFrontmatter(aliasBomb(10));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.data).toBeUndefined();
    expect(result.diagnostics).toEqual([expect.objectContaining({ kind: 'alias_limit', severity: 'error', line: 4 })]);
    expect(result.diagnostics[0]!.message).toContain(String(MAX_FRONTMATTER_ALIASES));
  });

  it('still allows a few ordinary aliases', () => {
    const result = parseFrontmatter('---\nbase: &b {x: 1}\nmetadata:\n  a: *b\n  c: *b\n---\n');
    expect(result.diagnostics).toEqual([]);
    expect(result.data).toEqual({ base: { x: 1 }, metadata: { a: { x: 1 }, c: { x: 1 } } });
  });

  it('keeps a __proto__ key as data', () => {
    const result = parseFrontmatter('---\n__proto__: {polluted: true}\nname: x\n---\n');
    expect(Object.getPrototypeOf(result.data)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(result.data!)).toContain('__proto__');
  });

  it('answers deeply nested YAML with a diagnostic, not a stack overflow', () => {
    const result = parseFrontmatter(`---\nname: ${'['.repeat(20_000)}${']'.repeat(20_000)}\n---\n`);
    expect(result.present).toBe(true);
    expect(result.data).toBeUndefined();
    expect(result.diagnostics).toEqual([expect.objectContaining({ kind: 'yaml_error', severity: 'error', line: 2 })]);
    expect(result.diagnostics[0]!.message).toMatch(/nested more than \d+ levels/);
  });

  it('refuses deep block and compact nesting the same way everywhere', () => {
    const block = `---\na:\n${Array.from({ length: 3000 }, (_, i) => `${' '.repeat(i + 1)}-`).join('\n')}\n---\n`;
    const compact = `---\n${'- '.repeat(20_000)}x\n---\n`;
    for (const text of [block, compact]) {
      const result = parseFrontmatter(text);
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ kind: 'yaml_error', message: expect.stringMatching(/nested more than/) }),
      ]);
    }
  });

  it('keeps the first YAML errors of a badly broken block, not thousands', () => {
    const result = parseFrontmatter(`---\na: ${'&x '.repeat(5000)}v\n---\n`);
    expect(result.diagnostics.length).toBeLessThanOrEqual(21);
    expect(result.diagnostics.at(-1)!.message).toMatch(/more YAML errors/);
  });
});
