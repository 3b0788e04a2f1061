/**
 * Windows: a text cut after its blank lines. No unit the scanner matches crosses a blank line
 * (a logical line of code ends at one, and so do a paragraph, a heading, an inline code span,
 * a link definition and an HTML block of types 6–7), so a pattern that matches no window
 * matches no unit, and a window without a match never needs parsing. The exceptions run to an
 * end marker whatever lies between: HTML comments and the HTML blocks that open with
 * `<script`, `<pre`, `<style`, `<textarea`, `<?`, `<!X` or `<![CDATA[`. A window holding such an
 * opener reaches to its end marker (or the end of the text), so the opener's unit stays whole.
 */

/** One or more blank lines (spaces and tabs only) after a line end: a window ends after them. */
export const BLANK_RUN = /(?:\r\n|\r(?!\n)|\n)(?:[ \t]*(?:\r\n|\r(?!\n)|\n))+/g;
/** The same where every line ends with `\n` (nearly every file): a regex that starts with a character is found by a fast native search. */
export const BLANK_RUN_LF = /\n(?:[ \t]*\n)+/g;

/**
 * Openers of HTML that runs past blank lines, with the end marker each needs. Block openers sit
 * at a line start after any container prefix (quote markers, list markers, indentation); the
 * prefix is matched loosely, which can only merge more windows than needed, never fewer.
 */
const LONG_HTML =
  /<!--|(?:^|[\r\n])(?:[ \t>]|[-*+][ \t]|\d{1,9}[.)][ \t])*<(?:(script|pre|style|textarea)(?=[\s>]|$)|(\?)|(![A-Za-z])|(!\[CDATA\[))/gi;

function endMarker(match: RegExpExecArray): RegExp {
  if (match[0] === '<!--') return /-->/g;
  if (match[1]) return new RegExp(`</${match[1]}>`, 'gi');
  if (match[2]) return /\?>/g;
  if (match[3]) return />/g;
  return /\]\]>/g;
}

/** Ranges `[start, end)` that must not be split, as flat pairs: each long HTML opener to its end marker. */
export function htmlRanges(text: string): number[] {
  if (!text.includes('<')) return [];
  const ranges: number[] = [];
  LONG_HTML.lastIndex = 0;
  for (let m = LONG_HTML.exec(text); m; m = LONG_HTML.exec(text)) {
    const open = m.index + m[0].lastIndexOf('<');
    const end = endMarker(m);
    end.lastIndex = open + 2;
    const close = end.exec(text);
    const stop = close ? close.index + close[0].length : text.length;
    ranges.push(open, stop);
    LONG_HTML.lastIndex = Math.max(stop, m.index + m[0].length);
    if (!close) break;
  }
  return ranges;
}

/**
 * Window starts in ascending order, then `text.length`: window i is `[starts[i], starts[i + 1])`.
 * Always at least one window (an empty text gives `[0, 0]`).
 */
export function findWindows(text: string, keep: readonly number[] = htmlRanges(text), from = 0, to = text.length): Int32Array {
  const starts: number[] = [from];
  let guard = 0;
  const blank = text.includes('\r') ? BLANK_RUN : BLANK_RUN_LF;
  blank.lastIndex = from;
  for (let m = blank.exec(text); m && m.index < to; m = blank.exec(text)) {
    const cut = m.index + m[0].length;
    if (cut >= to) break;
    while (guard < keep.length && keep[guard + 1]! <= cut) guard += 2;
    // Inside a comment or long HTML block: not a place to cut.
    if (guard < keep.length && keep[guard]! < cut) continue;
    starts.push(cut);
  }
  starts.push(to);
  return Int32Array.from(starts);
}
