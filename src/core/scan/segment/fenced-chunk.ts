import type { Segment } from '../scan-types.js';
import { fencedCodeSegment } from './collect-event-segments.js';

/** An opening fence at the start of a chunk: three or more backticks or tildes, then the info word and the rest of the line (after spaces or tabs). */
const OPENER = /^(`{3,}|~{3,})[ \t]*([^ \t\n]*)[ \t]*([^\n]*)\n/;
const closers = new Map<string, RegExp>();

/** A line that closes a fence opened by `run`: up to three spaces, as many of its character or more, then only spaces or tabs. */
function closerOf(run: string): RegExp {
  let re = closers.get(run);
  if (!re) closers.set(run, (re = new RegExp(`^ {0,3}\\${run[0]}{${run.length},}[ \\t]*$`, 'gm')));
  return re;
}

/**
 * The segments of a chunk that is one fenced code block and nothing else (the most common hot
 * chunk: a command example), without tokenizing it: a fence opens the chunk's first line
 * (unindented, as every chunk starts), closes on a later line, and only blank lines follow; its
 * info string is read as CommonMark reads it (the info word, then the rest of the line). Anything
 * else (no close, text after it, an empty block, a carriage return): undefined, and the chunk is
 * parsed whole.
 */
export function fencedChunkSegments(text: string, start: number, end: number): Segment[] | undefined {
  const chunk = text.slice(start, end);
  if (chunk.includes('\r')) return undefined;
  const open = OPENER.exec(chunk);
  if (!open) return undefined;
  const run = open[1]!;
  if (run[0] === '`' && (open[2]!.includes('`') || open[3]!.includes('`'))) return undefined;
  const closer = closerOf(run);
  closer.lastIndex = open[0].length;
  const close = closer.exec(chunk);
  // An empty block (the closing line right after the opening one) reads its closing line as content: leave it to the parser.
  if (!close || close.index === open[0].length) return undefined;
  if (!/^[ \t\n]*$/.test(chunk.slice(close.index + close[0].length))) return undefined;
  return [fencedCodeSegment(start + open[0].length, start + close.index, open[2] || undefined, open[3] || undefined)];
}
