export interface Line {
  /** Offset of the line's first character. */
  start: number;
  /** Offset just past its last character (before the line break). */
  end: number;
  /** Offset of the next line (past `\n`, `\r\n` or `\r`). */
  next: number;
}

/** The lines of `text[from, to)`, each with its bounds; a final line without a break counts. Linear: each break is found once. */
export function* eachLine(text: string, from = 0, to = text.length): Generator<Line> {
  let pos = from;
  let lf = -1;
  let cr = -1;
  while (pos < to) {
    if (lf < pos) lf = text.indexOf('\n', pos);
    if (cr !== Infinity && cr < pos) cr = text.indexOf('\r', pos);
    if (cr < 0) cr = Infinity;
    const lfAt = lf < 0 || lf >= to ? to : lf;
    if (cr < lfAt) {
      // \r\n is one break; a lone \r ends a line too (old Mac files).
      const next = cr + 1 === lf ? lf + 1 : cr + 1;
      yield { start: pos, end: cr, next: Math.min(next, to) };
      pos = next;
      continue;
    }
    const next = lfAt < to ? lfAt + 1 : to;
    yield { start: pos, end: lfAt, next };
    pos = next;
  }
}
