import { printParseErrorCode, visit, type ParseErrorCode } from 'jsonc-parser';
import { LineIndex } from '../text.js';

/** 1-based position in the source text. */
export interface SourcePosition {
  line: number;
  column: number;
}

export interface JsonSyntaxError extends SourcePosition {
  message: string;
  offset: number;
}

/** Offsets of a container and of its children: keys for objects, items for arrays. */
interface ContainerOffsets {
  offset: number;
  keyNames?: string[];
  keyOffsets?: number[];
  valueOffsets?: number[];
  itemOffsets?: number[];
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
 * Built on jsonc-parser's visitor; never throws. Positions are kept as offsets and
 * turned into line/column only when asked, so large files stay cheap.
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
    const located = locateContainers(text);
    if ('error' in located) return { ok: false, error: located.error };
    return { ok: false, error: { message: 'Invalid JSON', offset: 0, line: 1, column: 1 } };
  }
  let located: LocatedTree | undefined;
  let lineIndex: LineIndex | undefined;
  const toPosition = (offset: number): SourcePosition => (lineIndex ??= new LineIndex(text)).position(offset);
  const walk = (path: JsonPath, wantKey: boolean): SourcePosition => {
    const tree = (located ??= locateContainers(text) as LocatedTree);
    return toPosition(offsetOf(tree, path, wantKey));
  };
  return { ok: true, doc: { value, positionOf: (path) => walk(path, false), keyPositionOf: (path) => walk(path, true) } };
}

/** Offsets of every container, key and item — computed once, on the first position asked for. */
interface LocatedTree {
  root: ContainerOffsets | number;
}

interface ContainerNode extends ContainerOffsets {
  children: (ContainerNode | number)[];
}

function locateContainers(text: string): LocatedTree | { error: JsonSyntaxError } {
  const stack: ContainerNode[] = [];
  let root: ContainerNode | number = 0;
  let pendingKey: string | undefined;
  let pendingKeyOffset = 0;
  let firstError: JsonSyntaxError | undefined;

  const attach = (node: ContainerNode | number): void => {
    const parent = stack[stack.length - 1];
    if (!parent) {
      root = node;
      return;
    }
    const offset = typeof node === 'number' ? node : node.offset;
    if (parent.keyNames === undefined) {
      parent.children.push(node);
      parent.itemOffsets!.push(offset);
    } else if (pendingKey !== undefined) {
      parent.children.push(node);
      parent.keyNames.push(pendingKey);
      parent.keyOffsets!.push(pendingKeyOffset);
      parent.valueOffsets!.push(offset);
      pendingKey = undefined;
    }
  };
  const open = (offset: number, isObject: boolean): void => {
    const node: ContainerNode = isObject
      ? { offset, children: [], keyNames: [], keyOffsets: [], valueOffsets: [] }
      : { offset, children: [], itemOffsets: [] };
    attach(node);
    stack.push(node);
  };
  const close = (): void => {
    stack.pop();
  };

  visit(
    text,
    {
      onObjectBegin: (offset) => open(offset, true),
      onObjectProperty: (name, offset) => {
        pendingKey = name;
        pendingKeyOffset = offset;
      },
      onObjectEnd: close,
      onArrayBegin: (offset) => open(offset, false),
      onArrayEnd: close,
      onLiteralValue: (_value, offset) => attach(offset),
      onError: (code, offset, _length, line, column) => {
        firstError ??= { message: describeParseError(code), offset, line: line + 1, column: column + 1 };
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  return firstError ? { error: firstError } : { root };
}

function offsetOf(tree: LocatedTree, path: JsonPath, wantKey: boolean): number {
  let current: ContainerNode | number = tree.root as ContainerNode | number;
  let best = typeof current === 'number' ? current : current.offset;
  for (let i = 0; i < path.length; i++) {
    if (typeof current === 'number') break;
    const segment = path[i]!;
    let index: number;
    if (current.keyNames === undefined && typeof segment === 'number') index = segment < current.children.length ? segment : -1;
    else if (current.keyNames !== undefined && typeof segment === 'string') index = current.keyNames.lastIndexOf(segment);
    else break;
    if (index < 0) break;
    const offsetsList = current.keyNames === undefined ? current.itemOffsets! : i === path.length - 1 && wantKey ? current.keyOffsets! : current.valueOffsets!;
    best = offsetsList[index]!;
    current = current.children[index]!;
  }
  return best;
}

function describeParseError(code: ParseErrorCode): string {
  const words = printParseErrorCode(code).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Iterative pre-pass: the visitor recurses per nesting level, so refuse absurd depth up front. */
function findExcessiveNesting(text: string): JsonSyntaxError | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
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
