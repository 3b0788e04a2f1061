import { printParseErrorCode, visit, type ParseErrorCode } from 'jsonc-parser';
import { LineIndex } from '../text.js';
import { createLineLocator, type SourcePosition } from './line-starts.js';
import { indexContainerAt, skipWhitespace, stringEnd, type ContainerIndex } from './index-container.js';

export type { SourcePosition } from './line-starts.js';

export interface JsonSyntaxError extends SourcePosition {
  message: string;
  offset: number;
}

export type JsonPath = readonly (string | number)[];

export interface JsonDocument {
  value: unknown;
  /** Position of the value at `path` (or of the closest ancestor that has one). */
  positionOf(path: JsonPath): SourcePosition;
  /** Position of the key of the property at `path` (falls back to its value). */
  keyPositionOf(path: JsonPath): SourcePosition;
}

export type JsonReadResult = { ok: true; doc: JsonDocument } | { ok: false; error: JsonSyntaxError };

/** Deeper nesting than this is refused with a diagnostic rather than risking the stack. */
export const MAX_JSON_DEPTH = 512;

/**
 * Strict JSON → value plus source positions for every object, array, key and item.
 * Never throws. The value comes from the native parser; positions are found only when
 * asked, by indexing just the containers on the asked path (each once, then cached),
 * so a large file whose positions are never needed costs one `JSON.parse`, and one
 * whose few findings need positions costs a couple of fast scans.
 */
export function readJson(source: string): JsonReadResult {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const tooDeep = findExcessiveNesting(text);
  if (tooDeep) return { ok: false, error: tooDeep };
  let value: unknown;
  try {
    // The native parser is several times faster; it defines `__proto__` keys as plain data.
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: findSyntaxError(text) };
  }
  return { ok: true, doc: new LazyPositions(text, value) };
}

class LazyPositions implements JsonDocument {
  private locate: ((offset: number) => SourcePosition) | undefined;
  private readonly containers = new Map<number, ContainerIndex>();

  constructor(
    private readonly text: string,
    readonly value: unknown,
  ) {}

  positionOf(path: JsonPath): SourcePosition {
    return this.toPosition(this.offsetOf(path, false));
  }

  keyPositionOf(path: JsonPath): SourcePosition {
    return this.toPosition(this.offsetOf(path, true));
  }

  private toPosition(offset: number): SourcePosition {
    return (this.locate ??= createLineLocator(this.text))(offset);
  }

  private offsetOf(path: JsonPath, wantKey: boolean): number {
    let current = skipWhitespace(this.text, 0);
    let best = current;
    for (let i = 0; i < path.length; i++) {
      const container = this.container(current);
      if (!container) break;
      const segment = path[i]!;
      let index = -1;
      if (container.keys === undefined) {
        if (typeof segment === 'number' && segment >= 0 && segment < container.valueOffsets.length) index = segment;
      } else if (typeof segment === 'string') {
        index = container.keys.get(segment) ?? -1;
      }
      if (index < 0) break;
      current = container.valueOffsets[index]!;
      best = wantKey && i === path.length - 1 && container.keyOffsets ? container.keyOffsets[index]! : current;
    }
    return best;
  }

  private container(offset: number): ContainerIndex | undefined {
    const c = this.text.charCodeAt(offset);
    if (c !== 123 && c !== 91) return undefined;
    let found = this.containers.get(offset);
    if (!found) {
      found = indexContainerAt(this.text, offset, this.containers);
      this.containers.set(offset, found);
    }
    return found;
  }
}

/** The first syntax error with its line and column (jsonc-parser words it well). */
function findSyntaxError(text: string): JsonSyntaxError {
  let first: JsonSyntaxError | undefined;
  visit(
    text,
    {
      onError: (code, offset, _length, line, column) => {
        first ??= { message: describeParseError(code), offset, line: line + 1, column: column + 1 };
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  return first ?? { message: 'Invalid JSON', offset: 0, line: 1, column: 1 };
}

function describeParseError(code: ParseErrorCode): string {
  const words = printParseErrorCode(code)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Iterative pre-pass: the error visitor recurses per nesting level, so refuse absurd depth up front. */
function findExcessiveNesting(text: string): JsonSyntaxError | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i) - 1;
    else if (c === 123 || c === 91) {
      if (++depth > MAX_JSON_DEPTH) {
        const pos = new LineIndex(text).position(i);
        return { message: `Nesting deeper than ${MAX_JSON_DEPTH} levels`, offset: i, ...pos };
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return undefined;
}

/** "line L, column C" — the form Ralphdex uses in its messages. */
export function formatPosition(pos: SourcePosition): string {
  return `line ${pos.line}, column ${pos.column}`;
}
