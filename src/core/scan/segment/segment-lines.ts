import type { Segment } from '../scan-types.js';

/** Text outside fences: one code block (commands may span paragraphs) and its HTML comments (which run past blank lines to `-->`). */
function pushRegion(text: string, start: number, end: number, segments: Segment[]): void {
  if (end <= start || /^\s*$/.test(text.slice(start, end))) return;
  segments.push({ kind: 'code', start, end, origin: 'fallback' });
  const value = text.slice(start, end);
  if (!value.includes('<!--')) return;
  const re = /<!--[\s\S]*?(?:-->|$)/g;
  for (let m = re.exec(value); m && m[0].length > 0; m = re.exec(value)) {
    segments.push({ kind: 'html-comment', start: start + m.index, end: start + m.index + m[0].length, origin: 'fallback' });
  }
}

/**
 * Markdown read line by line, for text the parser must not see (hostile shapes, a parser
 * failure) and for plain-text files. Fenced blocks are code; every other line is read
 * both as code and as prose (a paragraph, up to a blank line, at a time), so nothing escapes
 * a rule because the parser was skipped.
 */
export function segmentLines(text: string, from = 0, to = text.length): Segment[] {
  const segments: Segment[] = [];
  let fence: { char: number; length: number; start: number } | undefined;
  let runStart = -1;
  let regionStart = from;
  const closeRun = (end: number) => {
    if (runStart >= 0 && end > runStart) segments.push({ kind: 'prose', start: runStart, end, origin: 'fallback' });
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
        regionStart = Math.min(next, to);
      }
    } else if (marker) {
      closeRun(pos);
      pushRegion(text, regionStart, pos, segments);
      fence = { char: marker[1]!.charCodeAt(0), length: marker[1]!.length, start: Math.min(next, to) };
    } else if (/^[ \t]*$/.test(text.slice(pos, eol))) {
      closeRun(pos);
    } else if (runStart < 0) {
      runStart = pos;
    }
    pos = next;
  }
  if (fence) segments.push({ kind: 'code', start: fence.start, end: to, origin: 'fence' });
  closeRun(Math.min(pos, to));
  if (!fence) pushRegion(text, regionStart, to, segments);
  return segments;
}
