import type { Segment } from '../scan-types.js';
import { collectEventSegments, markdownEvents } from './collect-event-segments.js';

/** An opening fence at the start of a chunk: three or more backticks or tildes, and an info string. */
const OPENER = /^(`{3,}|~{3,})([^\n]*)\n/;

/**
 * The segments of a chunk that is one fenced code block and nothing else (the most common hot
 * chunk: a command example), without tokenizing its content: a fence opens the chunk's first
 * line (unindented, as every chunk starts), closes on a later line, and only blank lines follow.
 * The opening and closing lines alone are given to micromark, so the info string is read exactly
 * as it reads it. Anything else (no close, text after it, an empty block, a carriage return):
 * undefined, and the chunk is parsed whole.
 */
export function fencedChunkSegments(text: string, start: number, end: number): Segment[] | undefined {
  const chunk = text.slice(start, end);
  if (chunk.includes('\r')) return undefined;
  const open = OPENER.exec(chunk);
  if (!open) return undefined;
  const run = open[1]!;
  const char = run[0]!;
  if (char === '`' && open[2]!.includes('`')) return undefined;
  const closer = new RegExp(`^ {0,3}\\${char}{${run.length},}[ \\t]*$`, 'gm');
  closer.lastIndex = open[0].length;
  const close = closer.exec(chunk);
  // An empty block (the closing line right after the opening one) reads its closing line as content: leave it to the parser.
  if (!close || close.index === open[0].length) return undefined;
  if (!/^[ \t\n]*$/.test(chunk.slice(close.index + close[0].length))) return undefined;
  const fences = `${open[0]}${close[0]}\n`;
  const out: Segment[] = [];
  collectEventSegments(markdownEvents(fences), fences, 0, out);
  if (out.length !== 1 || out[0]!.kind !== 'code' || out[0]!.start !== open[0].length) return undefined;
  return [{ ...out[0]!, start: start + open[0].length, end: start + close.index }];
}
