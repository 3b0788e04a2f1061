/**
 * micromark is slow on some shapes (many lists in one document, deep nesting, thousands
 * of emphasis or bracket markers in one paragraph: quadratic or worse). Two defences:
 * the body is cut into independent chunks at places where CommonMark cannot carry state
 * across (a blank line, then an unindented line that opens no container, outside fenced
 * code and multi-line HTML), and a chunk with a hostile shape is not given to the parser.
 */

/** A chunk larger than this is closed at the next safe boundary. */
const TARGET_CHUNK = 8 * 1024;
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
} as const;

export interface MarkdownChunk {
  start: number;
  end: number;
  /** Why the chunk must not go to the parser, if it must not. */
  hostile?: string;
}

const HTML_OPENERS: readonly [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:\s|>|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];

/** Containers opening a line: `> - 1. > ` … (depth) and the indentation before the first one. */
function containerPrefix(line: string): { depth: number; indent: number } {
  let i = 0;
  let depth = 0;
  while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  const indent = i;
  for (;;) {
    const c = line.charCodeAt(i);
    if (c === 62) {
      depth++;
      i++;
    } else if ((c === 45 || c === 43 || c === 42) && (i + 1 >= line.length || line.charCodeAt(i + 1) === 32 || line.charCodeAt(i + 1) === 9)) {
      depth++;
      i++;
    } else if (c >= 48 && c <= 57) {
      let j = i;
      while (j < line.length && j - i < 9 && line.charCodeAt(j) >= 48 && line.charCodeAt(j) <= 57) j++;
      const m = line.charCodeAt(j);
      if ((m === 46 || m === 41) && (j + 1 >= line.length || line.charCodeAt(j + 1) === 32 || line.charCodeAt(j + 1) === 9)) {
        depth++;
        i = j + 1;
      } else break;
    } else break;
    while (i < line.length && (line.charCodeAt(i) === 32 || line.charCodeAt(i) === 9)) i++;
  }
  return { depth, indent };
}

function countInlineMarkers(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 42 || c === 95 || c === 91 || c === 93 || c === 96 || c === 60 || c === 33) n++;
  }
  return n;
}

/** Splits `text[from, to)` into parse chunks, each marked hostile or not. */
export function splitMarkdownChunks(text: string, from: number, to: number): MarkdownChunk[] {
  const chunks: MarkdownChunk[] = [];
  let chunkStart = from;
  let fence: { char: number; length: number } | undefined;
  let htmlEnd: RegExp | undefined;
  let previousBlank = false;
  let stats = { depth: 0, indent: 0, containerLines: 0, inlineMarkers: 0 };
  const close = (end: number) => {
    if (end <= chunkStart) return;
    const chunk: MarkdownChunk = { start: chunkStart, end };
    if (stats.depth > MARKDOWN_LIMITS.depth) chunk.hostile = `container nesting ${stats.depth} deep`;
    else if (stats.indent > MARKDOWN_LIMITS.indent) chunk.hostile = `indentation of ${stats.indent} columns`;
    else if (stats.containerLines > MARKDOWN_LIMITS.containerLines) chunk.hostile = `${stats.containerLines} list or quote lines in one block`;
    else if (stats.inlineMarkers > MARKDOWN_LIMITS.inlineMarkers) chunk.hostile = `${stats.inlineMarkers} inline markers in one block`;
    chunks.push(chunk);
    chunkStart = end;
    stats = { depth: 0, indent: 0, containerLines: 0, inlineMarkers: 0 };
  };
  let pos = from;
  while (pos < to) {
    let eol = pos;
    while (eol < to && text.charCodeAt(eol) !== 10 && text.charCodeAt(eol) !== 13) eol++;
    const line = text.slice(pos, eol);
    const blank = line.trim() === '';
    if (fence) {
      const m = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
      if (m && m[1]!.charCodeAt(0) === fence.char && m[1]!.length >= fence.length) fence = undefined;
    } else if (htmlEnd) {
      if (htmlEnd.test(line)) htmlEnd = undefined;
    } else {
      const first = line.charCodeAt(0);
      const opensContainer = first === 32 || first === 9 || first === 62 || containerPrefix(line).depth > 0;
      if (previousBlank && !blank && !opensContainer && pos - chunkStart >= TARGET_CHUNK) close(pos);
      const prefix = containerPrefix(line);
      stats.depth = Math.max(stats.depth, prefix.depth);
      stats.indent = Math.max(stats.indent, prefix.indent);
      if (prefix.depth > 0) stats.containerLines++;
      stats.inlineMarkers += countInlineMarkers(line);
      const open = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (open && !(open[1]!.charCodeAt(0) === 96 && line.indexOf('`', open[0].length) >= 0)) fence = { char: open[1]!.charCodeAt(0), length: open[1]!.length };
      else {
        const html = HTML_OPENERS.find(([opener]) => opener.test(line));
        if (html && !html[1].test(line.slice(line.search(/</) + 2))) htmlEnd = html[1];
      }
    }
    previousBlank = blank;
    let next = eol;
    if (text.charCodeAt(next) === 13) next++;
    if (text.charCodeAt(next) === 10) next++;
    pos = next > eol ? next : eol + 1;
  }
  close(Math.min(pos, to));
  return chunks;
}
