import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse, parseTree, type Node, type ParseError } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { readJson, type JsonDocument, type JsonPath } from '../../src/core/json/read-json.js';
import { LineIndex } from '../../src/core/text.js';
import { REPO_ROOT } from '../support/paths.js';

const JSONC = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };

/**
 * Every value and key the document reaches, checked against jsonc-parser's tree: the same
 * offsets, spans and line/column. Where a key repeats, the last one is the one a path reaches.
 */
function expectSameAsTree(doc: JsonDocument, text: string, root: Node) {
  const lines = new LineIndex(text);
  const pending: { node: Node; path: JsonPath }[] = [{ node: root, path: [] }];
  while (pending.length) {
    const { node, path } = pending.pop()!;
    expect(doc.spanOf(path), JSON.stringify(path)).toEqual({ start: node.offset, end: node.offset + node.length });
    expect(doc.positionOf(path)).toEqual(lines.position(node.offset));
    if (node.type === 'array') node.children?.forEach((child, i) => pending.push({ node: child, path: [...path, i] }));
    if (node.type !== 'object') continue;
    const last = new Map<string, Node>();
    for (const property of node.children ?? []) if (property.children?.length === 2) last.set(property.children[0]!.value, property);
    for (const [key, property] of last) {
      const childPath = [...path, key];
      expect(doc.keyOffsetOf(childPath)).toBe(property.children![0]!.offset);
      expect(doc.keyPositionOf(childPath)).toEqual(lines.position(property.children![0]!.offset));
      pending.push({ node: property.children![1]!, path: childPath });
    }
  }
}

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name));
}

describe('readJson: one reader, two dialects', () => {
  it("JSONC: jsonc-parser's value, tree positions and first error for every config of the labelled MCP and hooks set", () => {
    const files = jsonFilesUnder(join(REPO_ROOT, 'test/fixtures/scan-surfaces/cases'));
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const errors: ParseError[] = [];
      const tree = parseTree(text, errors, JSONC)!;
      const read = readJson(text, { dialect: 'jsonc' });
      expect(read.ok, file).toBe(errors.length === 0);
      if (!read.ok) expect(read.error.offset, file).toBe(errors[0]!.offset);
      expect(read.doc!.value, file).toEqual(parse(text, [], JSONC));
      expectSameAsTree(read.doc!, text, tree);
    }
  });

  it('JSONC: the same for broken and odd texts (missing values, trailing commas, comments, cut files, duplicate keys)', () => {
    const token = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ':',
      ',',
      '"a"',
      '"b"',
      '"command"',
      '1',
      'true',
      'null',
      '// c\n',
      '/* c */',
      ' ',
      '\n',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 40 }), (tokens) => {
        const text = tokens.join('');
        const errors: ParseError[] = [];
        const tree = parseTree(text, errors, JSONC);
        const read = readJson(text, { dialect: 'jsonc' });
        if (!read.ok) expect(read.error.offset).toBe(errors[0]!.offset);
        else expect(errors).toEqual([]);
        if (!tree) return;
        expect(read.doc!.value).toEqual(parse(text, [], JSONC));
        expectSameAsTree(read.doc!, text, tree);
      }),
      { numRuns: 1000 },
    );
  });

  it('JSON and JSONC read strict JSON alike: the same value, offsets, spans and positions (the strict one indexes lazily)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 1, '\t', '\r\n'), (value, indent) => {
        const text = indent === '\r\n' ? JSON.stringify(value, null, 1).replace(/\n/g, '\r\n') : JSON.stringify(value, null, indent);
        const strict = readJson(text);
        const jsonc = readJson(text, { dialect: 'jsonc' });
        expect(strict.ok && jsonc.ok).toBe(true);
        expect(strict.doc!.value).toEqual(jsonc.doc!.value);
        expectSameAsTree(strict.doc!, text, parseTree(text)!);
        expectSameAsTree(jsonc.doc!, text, parseTree(text)!);
      }),
      { numRuns: 300 },
    );
  });

  it('refuses nesting past the limit in both dialects at the bracket that goes too deep; JSONC ignores brackets in comments', () => {
    const deep = `${'['.repeat(70)}${']'.repeat(70)}`;
    for (const dialect of ['json', 'jsonc'] as const) {
      expect(readJson(deep, { dialect, maxDepth: 64 })).toMatchObject({
        ok: false,
        error: { message: 'Nesting deeper than 64 levels', offset: 64, line: 1, column: 65 },
      });
    }
    expect(readJson(`// ${'{'.repeat(100)}\n{"a": "${'['.repeat(100)}"}`, { dialect: 'jsonc', maxDepth: 64 }).ok).toBe(true);
  });

  it('reads empty JSONC as null, and keeps a __proto__ key as data in both dialects', () => {
    expect(readJson('', { dialect: 'jsonc' })).toMatchObject({ ok: true, doc: { value: null } });
    for (const dialect of ['json', 'jsonc'] as const) {
      const read = readJson('{"__proto__": {"polluted": true}}', { dialect });
      expect(Object.getPrototypeOf(read.doc!.value)).toBe(Object.prototype);
      expect((read.doc!.value as Record<string, unknown>)['__proto__']).toEqual({ polluted: true });
    }
  });
});
