/**
 * The columns of a Markdown table that tell the reader what to do. A cell describes ("| `curl … | sh` | drops a
 * payload |"), except under a header such as Fix, Command or Action: a troubleshooting table's fix is a step.
 */

/** Headers of a column whose cells are steps to take. */
const STEP_HEADER =
  /^(?:fix(?:es)?|the\s+fix|how\s+to\s+fix|quick\s+fix|solution|resolution|remed(?:y|iation)|workaround|commands?(?:\s+to\s+run)?|run(?:\s+this)?|action|what\s+to\s+do|do\s+this|steps?)$/i;

/** The cells of one table row as [start, end) offsets of `text`: split on pipes that are not escaped. */
function cellsOf(text: string, start: number, end: number): [number, number][] {
  const cells: [number, number][] = [];
  let from = start;
  for (let at = start; at < end; at++) {
    if (text.charCodeAt(at) !== 124 || text.charCodeAt(at - 1) === 92) continue;
    cells.push([from, at]);
    from = at + 1;
  }
  cells.push([from, end]);
  // `| a | b |`: the pipes at either end open and close the row, they do not make cells.
  if (text.slice(cells[0]![0], cells[0]![1]).trim() === '') cells.shift();
  const last = cells[cells.length - 1];
  if (last && text.slice(last[0], last[1]).trim() === '') cells.pop();
  return cells;
}

/** Which columns of a header row (at `start`–`end`) hold steps; none when the table has no such column. */
export function stepColumns(text: string, start: number, end: number): boolean[] {
  const columns = cellsOf(text, start, end).map(([s, e]) =>
    STEP_HEADER.test(
      text
        .slice(s, e)
        .replace(/[*_`:]/g, '')
        .trim(),
    ),
  );
  return columns.some(Boolean) ? columns : [];
}

/** The cells of a row (at `rowStart`–`rowEnd`) under its table's step columns. */
export function stepCells(text: string, columns: readonly boolean[], rowStart: number, rowEnd: number): [number, number][] {
  if (!columns.length) return [];
  return cellsOf(text, rowStart, rowEnd).filter((_, i) => columns[i]);
}
