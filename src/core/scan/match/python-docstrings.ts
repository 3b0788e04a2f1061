import { oncePerText } from '../rules/once-per-text.js';

const PYTHON = /^(?:py|python\d?)$/i;
const TRIPLE_QUOTE = /"{3}|'{3}/g;

/**
 * The triple-quoted strings of a Python text that stand as statements of their own (a module's, class's or function's
 * docstring), as `[start, end)` ranges: read once per text, a script of many matches asks for each.
 * One passed or assigned (`run(` then the string, `s = """`) is not one.
 */
const docstrings = oncePerText((text: string): [number, number][] => {
  const out: [number, number][] = [];
  let open = -1;
  let quote = '';
  TRIPLE_QUOTE.lastIndex = 0;
  for (let m = TRIPLE_QUOTE.exec(text); m; m = TRIPLE_QUOTE.exec(text)) {
    if (!quote) [open, quote] = [m.index, m[0]];
    else if (m[0] === quote) {
      if (standsAlone(text, open)) out.push([open, m.index]);
      [open, quote] = [-1, ''];
    }
  }
  // An unclosed one runs to the end of the text.
  if (open >= 0 && standsAlone(text, open)) out.push([open, text.length]);
  return out;
});

/** Whether the string opened at `open` starts its line (a prefix letter allowed) and follows no open call, assignment or operator. */
function standsAlone(text: string, open: number): boolean {
  const lineStart = text.lastIndexOf('\n', open - 1) + 1;
  if (!/^[ \t]{0,40}[rRuU]?$/.test(text.slice(lineStart, open))) return false;
  const before = text.slice(Math.max(0, lineStart - 200), lineStart).trimEnd();
  return !/[(,=+[{\\]$/.test(before);
}

/** Whether `at` lies in a Python docstring: text that documents, never run. */
export function inPythonDocstring(text: string, at: number, language: string | undefined): boolean {
  return PYTHON.test(language ?? '') && docstrings(text).some(([start, end]) => start < at && at <= end);
}
