import fc from 'fast-check';
import { parseTree, type Node } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { readJson, type JsonPath } from '../../src/core/json/read-json.js';
import { LineIndex } from '../../src/core/text.js';

function doc(text: string) {
  const result = readJson(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.doc;
}

describe('readJson positions (found lazily, per container)', () => {
  it('resolves escaped keys and gives the last of duplicate keys, as JSON.parse does', () => {
    const d = doc('{"a\\"b": 1,\n "k": 1,\n "k": 2}');
    expect(d.positionOf(['a"b'])).toEqual({ line: 1, column: 10 });
    expect(d.keyPositionOf(['k'])).toEqual({ line: 3, column: 2 });
    expect((d.value as { k: number }).k).toBe(2);
  });

  it('counts CRLF and lone CR as one line break each', () => {
    expect(doc('{\r\n"a":\r\n[1,\r2]}').positionOf(['a', 1])).toEqual({ line: 4, column: 1 });
  });

  it('falls back to the closest ancestor for a path that is not there', () => {
    const d = doc('{"tasks": [\n  {"id": "T1"}\n]}');
    expect(d.positionOf(['tasks', 5, 'id'])).toEqual({ line: 1, column: 11 });
    expect(d.positionOf(['tasks', 0, 'missing'])).toEqual({ line: 2, column: 3 });
    expect(d.positionOf(['tasks', 0, 'id', 'deeper'])).toEqual({ line: 2, column: 10 });
    expect(d.positionOf([])).toEqual({ line: 1, column: 1 });
  });

  it('skips strings with brackets, escaped quotes and backslashes correctly', () => {
    const d = doc('[ "]\\\\", "\\"[{", {"x": "}"}, 7 ]');
    expect(d.positionOf([2, 'x'])).toEqual({ line: 1, column: 24 });
    expect(d.positionOf([3])).toEqual({ line: 1, column: 30 });
  });

  it('agrees with jsonc-parser on every value and key of random documents', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(undefined, 1, 2, '\t'), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const d = doc(text);
        const lines = new LineIndex(text);
        const stack: { node: Node; path: JsonPath }[] = [{ node: parseTree(text)!, path: [] }];
        while (stack.length) {
          const { node, path } = stack.pop()!;
          expect(d.positionOf(path)).toEqual(lines.position(node.offset));
          node.children?.forEach((child, i) => {
            if (node.type === 'array') stack.push({ node: child, path: [...path, i] });
            else {
              const [key, val] = child.children!;
              const childPath = [...path, key!.value as string];
              expect(d.keyPositionOf(childPath)).toEqual(lines.position(key!.offset));
              stack.push({ node: val!, path: childPath });
            }
          });
        }
      }),
      { numRuns: 300 },
    );
  });
});
