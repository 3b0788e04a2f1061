import type { Segment } from '../scan-types.js';

/**
 * Markdown read line by line, for text the parser must not see (hostile shapes, a parser
 * failure) and for plain-text files. Fenced blocks are code; every other line is read
 * both as prose and as code, so nothing escapes a rule because the parser was skipped.
 */
export function segmentLines(text: string, from = 0, to = text.length): Segment[] {
  const segments: Segment[] = [];
  let fence: { char: number; length: number; start: number } | undefined;
  let runStart = -1;
  const closeRun = (end: number) => {
    if (runStart < 0 || end <= runStart) {
      runStart = -1;
      return;
    }
    segments.push({ kind: 'prose', start: runStart, end, origin: 'fallback' });
    segments.push({ kind: 'code', start: runStart, end, origin: 'fallback' });
    const value = text.slice(runStart, end);
    const re = /<!--[\s\S]*?(?:-->|$)/g;
    for (let m = re.exec(value); m && m[0].length > 0; m = re.exec(value)) {
      segments.push({ kind: 'html-comment', start: runStart + m.index, end: runStart + m.index + m[0].length, origin: 'fallback' });
    }
    runStart = -1;
  };
  let pos = from;
  while (pos < to) {
    let eol = pos;
    while (eol < to && text.charCodeAt(eol) !== 10 && text.charCodeAt(eol) !== 13) eol++;
    let next = eol;
    if (text.charCodeAt(next) === 13) next++;
    if (text.charCodeAt(next) === 10) next++;
    if (next === eol) next = eol + 1;
    const marker = /^[ \t>]*(`{3,}|~{3,})/.exec(text.slice(pos, Math.min(eol, pos + 400)));
    if (fence) {
      if (marker && marker[1]!.charCodeAt(0) === fence.char && marker[1]!.length >= fence.length) {
        segments.push({ kind: 'code', start: fence.start, end: pos, origin: 'fence' });
        fence = undefined;
      }
    } else if (marker) {
      closeRun(pos);
      fence = { char: marker[1]!.charCodeAt(0), length: marker[1]!.length, start: Math.min(next, to) };
    } else if (runStart < 0) {
      runStart = pos;
    }
    pos = next;
  }
  if (fence) segments.push({ kind: 'code', start: fence.start, end: to, origin: 'fence' });
  closeRun(Math.min(pos, to));
  return segments;
}
