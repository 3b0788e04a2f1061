import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import type { JsonPath, ReadMembers } from '../../src/core/json/json-document.js';
import { parseJsonTree } from '../../src/core/json/parse-json-tree.js';
import { REPO_ROOT } from '../support/paths.js';

const OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };
const MAPS = new Set(['mcpServers', 'servers']);
/** The top-level server maps are bounded, as the launch-config reader bounds them. */
const bounded = (keep: (members: ReadMembers, path: JsonPath) => boolean) => ({
  isBounded: (path: JsonPath) => path.length === 1 && MAPS.has(path[0] as string),
  keep,
});

/** A tree as plain data (no parent links), for comparing two parsers. */
function plain(node: Node | undefined): unknown {
  if (!node) return undefined;
  const { type, offset, length, colonOffset, value, children } = node;
  return { type, offset, length, colonOffset, value, children: children?.map(plain) };
}

function both(text: string) {
  const expectedErrors: ParseError[] = [];
  const errors: ParseError[] = [];
  const expected = plain(parseTree(text, expectedErrors, OPTIONS));
  const got = parseJsonTree(
    text,
    errors,
    OPTIONS,
    bounded(() => true),
  );
  return { expected, got: plain(got.root), expectedErrors, errors, skipped: got.skipped };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name));
}

describe('parseJsonTree', () => {
  it("builds jsonc-parser's tree and errors for every config of the labelled MCP and hooks set", () => {
    const files = filesUnder(join(REPO_ROOT, 'test/fixtures/scan-surfaces/cases'));
    expect(files.length).toBeGreaterThan(60);
    for (const file of files) {
      const r = both(readFileSync(file, 'utf8'));
      expect(r.got, file).toEqual(r.expected);
      expect(r.errors, file).toEqual(r.expectedErrors);
      expect(r.skipped).toBeUndefined();
    }
  });

  it("builds jsonc-parser's tree for broken and odd JSON (missing values, trailing commas, comments, cut files, nesting)", () => {
    const token = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ':',
      ',',
      '"mcpServers"',
      '"servers"',
      '"a"',
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
        const r = both(tokens.join(''));
        expect(r.got).toEqual(r.expected);
        expect(r.errors).toEqual(r.expectedErrors);
      }),
      { numRuns: 1000 },
    );
  });

  it('skips the members of a server map it is told to stop at, with any value shape, and keeps the rest of the file', () => {
    const text = `{"mcpServers": {"a": {"command": "x"}, "b": {"command": "y", "args": ["1", {"deep": [1]}]}, "c": ["arr"], "d": "str", "e": 3},
      "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]}}`;
    const errors: ParseError[] = [];
    const { root, skipped } = parseJsonTree(
      text,
      errors,
      OPTIONS,
      bounded((members) => members.length < 1),
    );
    const servers = root!.children![0]!.children![1]!;
    expect(servers.children!.map((p) => p.children![0]!.value)).toEqual(['a']);
    expect(skipped).toEqual({ count: 4, offset: text.indexOf('"b"') });
    // What follows the map is built as jsonc-parser builds it.
    expect(plain(root!.children![1])).toEqual(plain(parseTree(text, [], OPTIONS)!.children![1]));
    expect(errors).toEqual([]);
  });

  it('ends a skipped member that has no value (a syntax error) at the next member', () => {
    const text = '{"mcpServers": {"a": {"command": "x"}, "b": , "c": {"command": "z"}}}';
    let asked = 0;
    const { root, skipped } = parseJsonTree(
      text,
      [],
      OPTIONS,
      bounded(() => ++asked !== 2), // skip "b" only
    );
    const c = root!.children![0]!.children![1]!.children![1]!;
    expect(c.children![0]!.value).toBe('c');
    expect(plain(c.children![1])).toMatchObject({ type: 'object', offset: text.indexOf('{"command": "z"}') });
    expect(skipped?.count).toBe(1);
  });
});
