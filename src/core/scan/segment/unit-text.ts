/**
 * The text a detector reads from a unit, and the way back to the file: a logical line of code
 * (a trailing backslash joins the next line, except in PowerShell and batch), or prose with its
 * line breaks and quote markers read as spaces (same length, so offsets carry over).
 */
export interface TextView {
  text: string;
  /** Ascending `[textIndex, fileOffset]` pairs: text[i] sits at fileOffset + (i - textIndex) of the last pair with textIndex ≤ i. */
  pieces: ReadonlyArray<readonly [number, number]>;
}

/** File offset of a position in a view. */
export function fileOffset(view: TextView, index: number): number {
  const { pieces } = view;
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pieces[mid]![0] <= index) lo = mid;
    else hi = mid - 1;
  }
  const [at, offset] = pieces[lo] ?? [0, 0];
  return offset + (index - at);
}

/** The logical lines of `text[start, end)`, in order. */
export function logicalLines(text: string, start: number, end: number, joinContinuations: boolean): TextView[] {
  const out: TextView[] = [];
  let pos = start;
  let parts: string[] = [];
  let pieces: [number, number][] = [];
  let length = 0;
  const flush = () => {
    if (length > 0) out.push({ text: parts.join(''), pieces });
    parts = [];
    pieces = [];
    length = 0;
  };
  while (pos < end) {
    let eol = pos;
    while (eol < end && text.charCodeAt(eol) !== 10 && text.charCodeAt(eol) !== 13) eol++;
    const continued = joinContinuations && eol < end && eol > pos && text.charCodeAt(eol - 1) === 92;
    const lineEnd = continued ? eol - 1 : eol;
    if (lineEnd > pos || !continued) {
      pieces.push([length, pos]);
      parts.push(text.slice(pos, lineEnd));
      length += lineEnd - pos;
    }
    let next = eol;
    if (text.charCodeAt(next) === 13) next++;
    if (text.charCodeAt(next) === 10) next++;
    if (!continued) flush();
    pos = next > eol ? next : eol + 1;
  }
  flush();
  return out;
}

/** `text[start, end)` as prose reads it: line breaks and the indentation and quote markers after them as spaces. */
export function proseView(text: string, start: number, end: number): TextView {
  const slice = text.slice(start, end);
  return { text: slice.replace(/(?:\r\n|\r|\n)[ \t]*(?:>[ \t]?)*/g, (m) => ' '.repeat(m.length)), pieces: [[0, start]] };
}

/** What an `&` between a URL's query parameters reads as in a view of code (same length; shown as `&` again). */
export const QUERY_AMPERSAND = '\uE026';
/** `&` between query parameters (`?u=$(whoami)&h=1`): part of an address, not the shell's background operator. */
const QUERY_SEPARATOR = /(?<=[?&][\w%.~+[\]-]{1,60}=[^\s&"'<>;|]{0,300})&(?=[\w%.~+[\]-]{1,60}=)/g;

/** A line of code with its URLs' query separators masked, so that a command is not read as ending inside an address. */
export function withQueryAmpersandsMasked(view: TextView): TextView {
  if (!view.text.includes('&') || !view.text.includes('?')) return view;
  const text = view.text.replace(QUERY_SEPARATOR, QUERY_AMPERSAND);
  return text === view.text ? view : { text, pieces: view.pieces };
}
