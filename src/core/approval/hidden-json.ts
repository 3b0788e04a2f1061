/**
 * JSON carried inside an HTML comment (`<!-- plangate:<kind> {json} -->`) on one line.
 * Inside string literals `-`, `<`, `>` and `&` become `\u002d`, `\u003c`, `\u003e`, `\u0026`
 * (plain JSON escapes, so `JSON.parse` reads them back), and line separators are escaped, so
 * no value can close the comment (`-->`, `--!>`) or break the line. Outside strings JSON
 * has no `<`, `>`, `&`, and a `-` only starts a number, so `--` cannot occur there either.
 */
export function encodeHiddenJson(value: unknown): string {
  return JSON.stringify(value).replace(/"(?:[^"\\]|\\.)*"/g, (literal) =>
    literal.replace(/[-<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );
}

export function hiddenComment(kind: string, value: unknown): string {
  return `<!-- plangate:${kind} ${encodeHiddenJson(value)} -->`;
}

export type HiddenJsonRead =
  | { kind: 'absent' }
  /** `text`: the JSON exactly as written in the comment (what a seal covers). */
  | { kind: 'value'; value: unknown; line: number; text: string }
  /** Several markers in one body, or JSON that does not parse; `line` is 1-based. */
  | { kind: 'invalid'; line: number; message: string };

/**
 * The JSON of the `<!-- plangate:<kind> {…} -->` line (a whole line; spaces around it are
 * allowed). Exactly one is expected: several, or JSON that does not parse, are reported as
 * `invalid`, never thrown.
 */
export function readHiddenJson(body: string, kind: string): HiddenJsonRead {
  const open = `<!-- plangate:${kind} `;
  const hits: { text: string; line: number }[] = [];
  const lines = body.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line.startsWith(open) && line.endsWith(' -->')) hits.push({ text: line.slice(open.length, -4), line: i + 1 });
  }
  const [first, second] = hits;
  if (!first) return { kind: 'absent' };
  if (second)
    return { kind: 'invalid', line: second.line, message: `${hits.length} plangate:${kind} markers in one comment (expected one)` };
  try {
    return { kind: 'value', value: JSON.parse(first.text) as unknown, line: first.line, text: first.text };
  } catch (error) {
    return {
      kind: 'invalid',
      line: first.line,
      message: `the plangate:${kind} marker does not hold valid JSON (${error instanceof Error ? error.message : String(error)})`,
    };
  }
}
