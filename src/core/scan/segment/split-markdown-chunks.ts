/**
 * micromark is slow on some shapes (many lists in one document, deep nesting, thousands
 * of emphasis or bracket markers in one paragraph: quadratic or worse). Two defences:
 * the body is cut into independent chunks at places where CommonMark cannot carry state
 * across (after blank lines, before an unindented line, outside fenced code and multi-line
 * HTML), and a chunk with a hostile shape is not given to the parser. The chunks are also
 * the scanner's block windows: no segment crosses a chunk boundary, so a block-scope
 * pattern that matches no chunk matches no block.
 */
import { htmlRanges } from './find-windows.js';

/** Past these, a chunk is read line by line instead of parsed. */
export const MARKDOWN_LIMITS = {
  /** `>` / list markers opening one line. */
  depth: 16,
  /** Leading spaces (deep list nesting by indentation). */
  indent: 120,
  /** Lines that open a container (list item or blockquote) in one chunk. */
  containerLines: 1500,
  /** Inline markers (`*`, `_`, `[`, `]`, `` ` ``, `<`, `!`) in one chunk. */
  inlineMarkers: 4000,
  /** Characters in one chunk (micromark slows down on long blocks: a paragraph of 10,000 lines). */
  bytes: 64 * 1024,
} as const;

export interface MarkdownChunk {
  start: number;
  end: number;
}

/** Containers opening a line: `> - 1. > ` … (depth) and the indentation before the first one. */
function containerPrefix(text: string, from: number, to: number): { depth: number; indent: number } {
  let i = from;
  let depth = 0;
  while (i < to && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  const indent = i - from;
  for (;;) {
    const c = text.charCodeAt(i);
    const after = i + 1 >= to || text.charCodeAt(i + 1) === 32 || text.charCodeAt(i + 1) === 9;
    if (i < to && c === 62) {
      depth++;
      i++;
    } else if (i < to && (c === 45 || c === 43 || c === 42) && after) {
      depth++;
      i++;
    } else if (i < to && c >= 48 && c <= 57) {
      let j = i;
      while (j < to && j - i < 9 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      const m = text.charCodeAt(j);
      if (j < to && (m === 46 || m === 41) && (j + 1 >= to || text.charCodeAt(j + 1) === 32 || text.charCodeAt(j + 1) === 9)) {
        depth++;
        i = j + 1;
      } else break;
    } else break;
    while (i < to && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  }
  return { depth, indent };
}

export interface ChunkShape {
  /** Why the chunk must not go to the parser (a shape micromark is slow on). */
  hostile?: string;
  /**
   * What parsing it is expected to cost, in microseconds: micromark spends 0.5–2 µs per
   * character and 100–400 µs on a line inside lists or quotes (measured, see parse-budget.ts).
   */
  cost: number;
}

/** A chunk's shape: whether micromark may have it, and what it would cost. */
export function chunkShape(text: string, start: number, end: number): ChunkShape {
  let depth = 0;
  let lines = 0;
  let containerDepths = 0;
  let indent = 0;
  let containerLines = 0;
  let inlineMarkers = 0;
  let pos = start;
  while (pos < end) {
    let eol = pos;
    while (eol < end && text.charCodeAt(eol) !== 10 && text.charCodeAt(eol) !== 13) eol++;
    const prefix = containerPrefix(text, pos, eol);
    lines++;
    containerDepths += prefix.depth;
    depth = Math.max(depth, prefix.depth);
    indent = Math.max(indent, prefix.indent);
    if (prefix.depth > 0) containerLines++;
    for (let i = pos; i < eol; i++) {
      const c = text.charCodeAt(i);
      if (c === 42 || c === 95 || c === 91 || c === 93 || c === 96 || c === 60 || c === 33) inlineMarkers++;
    }
    pos = eol + (text.charCodeAt(eol) === 13 && text.charCodeAt(eol + 1) === 10 ? 2 : 1);
  }
  const cost = 10 * lines + 300 * containerDepths + 2 * (end - start);
  if (depth > MARKDOWN_LIMITS.depth) return { hostile: `container nesting ${depth} deep`, cost };
  if (indent > MARKDOWN_LIMITS.indent) return { hostile: `indentation of ${indent} columns`, cost };
  if (containerLines > MARKDOWN_LIMITS.containerLines) return { hostile: `${containerLines} list or quote lines in one block`, cost };
  if (inlineMarkers > MARKDOWN_LIMITS.inlineMarkers) return { hostile: `${inlineMarkers} inline markers in one block`, cost };
  if (end - start > MARKDOWN_LIMITS.bytes)
    return { hostile: `${Math.round((end - start) / 1024)} KB without a blank line to cut at`, cost };
  return { cost };
}

/** A fence marker line: up to three spaces, then three or more backticks or tildes. */
export const FENCE_LINE = /(?:^|\r\n|\r|\n)( {0,3})(`{3,}|~{3,})([^\r\n]*)/g;

/** A fence marker from a line start (no line end before it): `[indent, fence, rest of the line]`. */
const FENCE_AT = /( {0,3})(`{3,}|~{3,})([^\r\n]*)/y;
const FENCE_RUN = /```|~~~/g;

/**
 * Fence marker lines as FENCE_LINE matches them, in order. Where every line ends with `\n`, a
 * line is only looked at where a native search finds three backticks or tildes in it after at
 * most three spaces (a regex that starts at `(?:^|\n)` would try every position).
 */
export function* fenceLines(text: string): Generator<{ lineStart: number; match: RegExpExecArray }> {
  if (text.includes('\r')) {
    FENCE_LINE.lastIndex = 0;
    for (let m = FENCE_LINE.exec(text); m; m = FENCE_LINE.exec(text)) {
      if (m[0].length === 0) FENCE_LINE.lastIndex++;
      yield { lineStart: m.index + m[0].length - m[1]!.length - m[2]!.length - m[3]!.length, match: m };
    }
    return;
  }
  FENCE_RUN.lastIndex = 0;
  for (let run = FENCE_RUN.exec(text); run; run = FENCE_RUN.exec(text)) {
    const lineStart = text.lastIndexOf('\n', run.index - 1) + 1;
    FENCE_AT.lastIndex = lineStart;
    const m = run.index - lineStart <= 3 ? FENCE_AT.exec(text) : null;
    if (m && lineStart + m[1]!.length === run.index) {
      yield { lineStart, match: m };
      FENCE_RUN.lastIndex = lineStart + m[0].length;
    }
  }
}

/** Top-level fenced code as `[opening line start, closing line end)` pairs (to the end of the text when never closed). */
function fencedRanges(text: string, html: readonly number[]): number[] {
  if (!text.includes('```') && !text.includes('~~~')) return [];
  const ranges: number[] = [];
  let open: { start: number; char: number; length: number } | undefined;
  let h = 0;
  for (const { lineStart, match: m } of fenceLines(text)) {
    while (h < html.length && html[h + 1]! <= lineStart) h += 2;
    if (!open && h < html.length && html[h]! <= lineStart) continue;
    const char = m[2]!.charCodeAt(0);
    if (open) {
      if (char === open.char && m[2]!.length >= open.length && /^[ \t]*$/.test(m[3]!)) {
        ranges.push(open.start, m.index + m[0].length);
        open = undefined;
      }
    } else if (!(char === 96 && m[3]!.includes('`'))) {
      open = { start: lineStart, char, length: m[2]!.length };
    }
  }
  if (open) ranges.push(open.start, text.length);
  return ranges;
}

/**
 * Indexes into the window bounds where a chunk starts: a window start (after blank lines)
 * whose line is not indented and that lies inside no fenced code and no multi-line HTML, at or
 * after `bodyStart` (the frontmatter is one chunk). Starts with 0 and ends with the window count.
 */
export function chunkStarts(text: string, bounds: Int32Array, bodyStart: number, html: readonly number[] = htmlRanges(text)): Int32Array {
  const windows = bounds.length - 1;
  const fences = fencedRanges(text, html);
  const starts: number[] = [0];
  let f = 0;
  for (let w = 1; w < windows; w++) {
    const at = bounds[w]!;
    if (at < bodyStart) continue;
    const first = text.charCodeAt(at);
    if (first === 32 || first === 9) continue;
    while (f < fences.length && fences[f + 1]! <= at) f += 2;
    if (f < fences.length && fences[f]! < at) continue;
    starts.push(w);
  }
  starts.push(windows);
  return Int32Array.from(starts);
}

/** The chunks of `text[bodyStart, …)` to parse, from the chunk starts. */
export function markdownChunks(bounds: Int32Array, starts: Int32Array, bodyStart: number): MarkdownChunk[] {
  const chunks: MarkdownChunk[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const start = Math.max(bounds[starts[i]!]!, bodyStart);
    const end = bounds[starts[i + 1]!]!;
    if (end > start) chunks.push({ start, end });
  }
  return chunks;
}
