/**
 * A string literal at `at` — single, double or backtick quotes, Python's triple quotes, a prefix such as
 * `f"…"` / `r"…"` — as its content's range and where it ends; undefined when none starts there, when a
 * one-line literal meets a line break, or when it runs past `maxLength` characters.
 */
export function stringLiteralAt(text: string, at: number, maxLength: number): { from: number; to: number; end: number } | undefined {
  let i = at;
  if (/[rRuUfFbB]/.test(text[i] ?? '') && /["'`]/.test(text[i + 1] ?? '')) i++;
  const quote = text[i];
  if (quote !== '"' && quote !== "'" && quote !== '`') return undefined;
  const triple = quote !== '`' && text.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  const from = i + close.length;
  for (let j = from; j < text.length && j - from < maxLength; j++) {
    const c = text[j];
    if (c === '\\') j++;
    else if (text.startsWith(close, j)) return { from, to: j, end: j + close.length };
    else if (c === '\n' && !triple && quote !== '`') return undefined;
  }
  return undefined;
}
