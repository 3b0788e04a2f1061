const PYTHON = /^(?:py|python\d?)$/i;
const TRIPLE_QUOTE = /"{3}|'{3}/g;

/**
 * Whether `at` lies in a Python triple-quoted string that stands as a statement of its own (a module's, class's or
 * function's docstring): text that documents, never run. One passed or assigned (`run(` then the string, `s = """`) is not.
 */
export function inPythonDocstring(text: string, at: number, language: string | undefined): boolean {
  if (!PYTHON.test(language ?? '')) return false;
  let open = -1;
  let quote = '';
  TRIPLE_QUOTE.lastIndex = 0;
  for (let m = TRIPLE_QUOTE.exec(text); m && m.index < at; m = TRIPLE_QUOTE.exec(text)) {
    if (!quote) [open, quote] = [m.index, m[0]];
    else if (m[0] === quote) [open, quote] = [-1, ''];
  }
  if (open < 0) return false;
  const lineStart = text.lastIndexOf('\n', open - 1) + 1;
  if (!/^[ \t]{0,40}[rRuU]?$/.test(text.slice(lineStart, open))) return false;
  const before = text.slice(Math.max(0, lineStart - 200), lineStart).trimEnd();
  return !/[(,=+[{\\]$/.test(before);
}
