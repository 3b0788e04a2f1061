/** The line of `text` that holds offset `at` (without its line break), and where it starts. */
export function lineAt(text: string, at: number): { start: number; line: string } {
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return { start, line: text.slice(start, end < 0 ? text.length : end) };
}
