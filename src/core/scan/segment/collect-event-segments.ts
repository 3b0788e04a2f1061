import { parse, postprocess, preprocess } from 'micromark';
import { decodeString } from 'micromark-util-decode-string';
import type { Event, ParseContext, Token } from 'micromark-util-types';
import type { Segment } from '../scan-types.js';

/** Languages where a trailing backslash is a path character, not a line continuation. */
const NO_BACKSLASH_CONTINUATION = /^(?:powershell|pwsh|ps1?|posh|bat|batch|cmd|dos)$/i;

/** Tokens whose source range is read as prose (inline code and HTML inside them are segments of their own too). */
const PROSE_TOKENS = new Set(['paragraph', 'atxHeading', 'setextHeading', 'definition']);

export function lineStartAfter(text: string, offset: number, end: number): number {
  let i = offset;
  while (i < end && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
  if (text.charCodeAt(i) === 13) i++;
  if (text.charCodeAt(i) === 10) i++;
  return i;
}

export function lineStartBefore(text: string, offset: number, floor: number): number {
  let i = offset;
  while (i > floor && text.charCodeAt(i - 1) !== 10 && text.charCodeAt(i - 1) !== 13) i--;
  return i;
}

/** HTML: comments become html-comment segments, the rest an html segment. */
export function htmlSegments(text: string, start: number, end: number, out: Segment[]): void {
  const value = text.slice(start, end);
  let covered = 0;
  const re = /<!--[\s\S]*?(?:-->|$)/g;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    out.push({ kind: 'html-comment', start: start + m.index, end: start + m.index + m[0].length });
    covered += m[0].length;
    if (m[0].length === 0) re.lastIndex++;
  }
  if (value.trim().length > covered) out.push({ kind: 'html', start, end });
}

let parser: ParseContext | undefined;

/**
 * A parser as `parse()` makes it, without combining its constructs again (that cost more than
 * parsing a short chunk): only `defined` and `lazy` change while parsing, and they start empty.
 */
function freshParser(): ParseContext {
  parser ??= parse();
  parser.defined = [];
  parser.lazy = {};
  return parser;
}

/** micromark's events for one chunk of Markdown: tokens with positions, no syntax tree. */
export function markdownEvents(chunk: string): Event[] {
  return postprocess(
    freshParser()
      .document()
      .write(preprocess()(chunk, undefined, true)),
  );
}

interface OpenFence {
  token: Token;
  info?: string;
  meta?: string;
  fences: number;
}

/**
 * micromark's events for `text[base, …)` → segments with file offsets: fenced code (content
 * lines only, with its info string), indented code, inline code (`!`cmd`` pre-run commands
 * as code), HTML and HTML comments, and prose for paragraphs, headings and definitions.
 * The events are a flat list in document order, so nothing here recurses.
 */
export function collectEventSegments(events: readonly Event[], text: string, base: number, out: Segment[]): void {
  let fence: OpenFence | undefined;
  for (const [phase, token] of events) {
    const start = base + token.start.offset;
    const end = base + token.end.offset;
    const type = token.type as string;
    if (fence) {
      if (phase === 'enter' && type === 'codeFencedFence') fence.fences++;
      else if (phase === 'enter' && fence.fences === 1 && type === 'codeFencedFenceInfo') fence.info = text.slice(start, end);
      else if (phase === 'enter' && fence.fences === 1 && type === 'codeFencedFenceMeta') fence.meta = text.slice(start, end);
      else if (phase === 'exit' && type === 'codeFenced') {
        pushFence(fence, text, base, out);
        fence = undefined;
      }
      continue;
    }
    if (phase !== 'enter') continue;
    if (type === 'codeFenced') fence = { token, fences: 0 };
    else if (type === 'codeIndented') out.push({ kind: 'code', start, end, origin: 'indented' });
    else if (type === 'codeText') {
      let open = start;
      while (open < end && text.charCodeAt(open) === 96) open++;
      let close = end;
      while (close > open && text.charCodeAt(close - 1) === 96) close--;
      const preRun = start > 0 && text.charCodeAt(start - 1) === 33;
      out.push(preRun ? { kind: 'code', start: open, end: close, origin: 'pre-run' } : { kind: 'inline-code', start: open, end: close });
    } else if (type === 'htmlFlow' || type === 'htmlText') htmlSegments(text, start, end, out);
    else if (PROSE_TOKENS.has(type)) out.push({ kind: 'prose', start, end });
  }
}

/** The lines between the fences (to the end when the fence is never closed). */
function pushFence(fence: OpenFence, text: string, base: number, out: Segment[]): void {
  const start = base + fence.token.start.offset;
  const end = base + fence.token.end.offset;
  const contentStart = Math.min(lineStartAfter(text, start, end), end);
  const lastLine = lineStartBefore(text, end, contentStart);
  const closed = fence.fences > 1 && lastLine > contentStart && /^[ \t>]*(?:`{3,}|~{3,})[ \t]*$/.test(text.slice(lastLine, end));
  out.push(fencedCodeSegment(contentStart, closed ? lastLine : end, fence.info, fence.meta));
}

/** Fenced code `[start, end)` with the info string CommonMark reads from its opening line (escapes and character references decoded: `\!bash` is `!bash`). */
export function fencedCodeSegment(start: number, end: number, infoWord: string | undefined, meta: string | undefined): Segment {
  const info = [infoWord, meta]
    .filter(Boolean)
    .map((part) => decodeString(part!))
    .join(' ');
  return {
    kind: 'code',
    start,
    end,
    info,
    origin: info.startsWith('!') ? 'pre-run' : 'fence',
    ...(NO_BACKSLASH_CONTINUATION.test(decodeString(infoWord ?? '')) ? { noContinuation: true } : {}),
  };
}
