import type { Segment } from '../scan-types.js';

/** A character that may start a block, a link definition or a list when it opens a line. */
const BLOCK_START = /^ {0,3}(?:[#>\-*+=_[~]|\d{1,9}[.)])/;
/** Characters that make inline segments (code spans, HTML, autolinks) or change indentation. */
const INLINE_SEGMENT = /[`<\t\r]/;

/**
 * The segment of a chunk that is one plain paragraph (a sentence or a table of pipes, with no
 * code span, HTML or autolink, and no line that could start another block), without tokenizing
 * it: one prose segment from its first character to the end of its last line, as micromark's
 * paragraph token spans it. Anything else: undefined, and the chunk is parsed whole.
 */
export function plainParagraphSegments(text: string, start: number, end: number): Segment[] | undefined {
  const chunk = text.slice(start, end);
  if (chunk === '' || INLINE_SEGMENT.test(chunk) || /^\s/.test(chunk)) return undefined;
  // One window: text, then only the blank lines that end the chunk.
  const body = chunk.replace(/\n[ \n]*$/, '');
  if (body.includes('\n\n') || /\n {1,}\n/.test(body) || /\n {4}/.test(body)) return undefined;
  for (let at = 0; at < body.length; at = body.indexOf('\n', at) + 1) {
    if (BLOCK_START.test(body.slice(at, at + 16))) return undefined;
    if (body.indexOf('\n', at) < 0) break;
  }
  return [{ kind: 'prose', start, end: start + body.length }];
}
