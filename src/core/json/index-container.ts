/**
 * Offsets of the direct children of one JSON object or array, found by a flat scan of
 * text already known to be valid JSON (JSON.parse accepted it). Nested containers are
 * skipped, not indexed: callers index only the containers they walk through.
 */
export interface ContainerIndex {
  /** Objects only: key → child index (the last duplicate wins, as in JSON.parse). */
  keys?: Map<string, number>;
  /** Objects only: offset of each key's opening quote. */
  keyOffsets?: number[];
  /** Offset of each child value (or array item). */
  valueOffsets: number[];
  /** Offset just past the closing bracket. */
  end: number;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/**
 * Indexes the container whose `{` or `[` is at `start`. With `childArrays`, arrays that are
 * direct children are indexed on the way (they must be scanned to be skipped anyway), so
 * the common `{"tasks": [ …huge… ]}` costs one pass, not two.
 */
export function indexContainerAt(text: string, start: number, childArrays?: Map<number, ContainerIndex>): ContainerIndex {
  const isObject = text.charCodeAt(start) === OPEN_BRACE;
  const close = isObject ? CLOSE_BRACE : CLOSE_BRACKET;
  const index: ContainerIndex = isObject ? { keys: new Map(), keyOffsets: [], valueOffsets: [], end: 0 } : { valueOffsets: [], end: 0 };
  let i = skipWhitespace(text, start + 1);
  while (i < text.length && text.charCodeAt(i) !== close) {
    if (isObject) {
      const keyEnd = stringEnd(text, i);
      const raw = text.slice(i + 1, keyEnd - 1);
      const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
      index.keys!.set(key, index.valueOffsets.length);
      index.keyOffsets!.push(i);
      i = skipWhitespace(text, keyEnd);
      if (text.charCodeAt(i) === COLON) i = skipWhitespace(text, i + 1);
    }
    index.valueOffsets.push(i);
    let end: number;
    if (childArrays && text.charCodeAt(i) === OPEN_BRACKET) {
      const child = indexContainerAt(text, i);
      childArrays.set(i, child);
      end = child.end;
    } else {
      end = valueEnd(text, i);
    }
    i = skipWhitespace(text, end);
    if (text.charCodeAt(i) === COMMA) i = skipWhitespace(text, i + 1);
    else break;
  }
  index.end = Math.min(i + 1, text.length);
  return index;
}

/** Offset just past the string whose opening quote is at `start`. */
export function stringEnd(text: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** Offset just past the value that starts at `start`. */
export function valueEnd(text: string, start: number): number {
  const c = text.charCodeAt(start);
  if (c === QUOTE) return stringEnd(text, start);
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return containerEnd(text, start);
  let i = start;
  while (i < text.length) {
    const d = text.charCodeAt(i);
    if (d === COMMA || d === CLOSE_BRACE || d === CLOSE_BRACKET || isWhitespace(d)) break;
    i++;
  }
  return i;
}

function containerEnd(text: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i);
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
    else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (--depth === 0) return i + 1;
    }
    i++;
  }
  return i;
}

export function skipWhitespace(text: string, start: number): number {
  let i = start;
  while (i < text.length && isWhitespace(text.charCodeAt(i))) i++;
  return i;
}

function isWhitespace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
