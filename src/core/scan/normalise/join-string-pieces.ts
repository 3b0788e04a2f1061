import { ViewBuilder, type NormalisedView } from './text-view.js';

/**
 * `'Inv'+'oke-Ex'+'pression'`, `"cu" + "rl"`: a name cut into short string pieces and glued back
 * together when the code runs (JavaScript, Python, PowerShell, Ruby). Three or more pieces of at most
 * twelve characters each are read as the one string they make; a long text wrapped over several lines
 * (long pieces) is left as written.
 */
const CHAIN = /(["'])[^"'\\\n]{0,12}\1(?:\s{0,4}\+\s{0,4}(["'])[^"'\\\n]{0,12}\2){2,64}/g;
const GLUE = /["']\s{0,4}\+\s{0,4}["']/g;
/**
 * The same pieces in a list joined with nothing: `["s", "h"].join("")` (JavaScript, Ruby), `"".join(["cu", "rl"])`
 * (Python). Read as the one string.
 */
const PIECES = String.raw`(["'])[^"'\\\n]{0,12}\2(?:[ \t]{0,4},[ \t]{0,4}(["'])[^"'\\\n]{0,12}\3){1,64}`;
const LIST_JOIN = new RegExp(
  String.raw`\[[ \t]{0,4}(${PIECES})[ \t]{0,4}\]\.join\([ \t]{0,4}(["'])\4[ \t]{0,4}\)|(["'])\5\.join\([ \t]{0,4}[[(][ \t]{0,4}((["'])[^"'\\\n]{0,12}\7(?:[ \t]{0,4},[ \t]{0,4}(["'])[^"'\\\n]{0,12}\8){1,64})[ \t]{0,4}[\])][ \t]{0,4}\)`,
  'g',
);

export function joinStringPieces(text: string): NormalisedView | undefined {
  const lists = text.includes('.join(');
  if (!text.includes('+') && !lists) return undefined;
  const builder = new ViewBuilder(text);
  let any = false;
  if (lists)
    for (const m of text.matchAll(LIST_JOIN)) {
      const pieces = (m[1] ?? m[6]!)
        .split(/["'][ \t]{0,4},[ \t]{0,4}["']/)
        .join('')
        .replace(/^\s*["']|["']\s*$/g, '');
      builder.replace(m.index, m[0].length, `"${pieces}"`, 'shell-quoting');
      any = true;
    }
  CHAIN.lastIndex = 0;
  for (let m = CHAIN.exec(text); m; m = CHAIN.exec(text)) {
    GLUE.lastIndex = 0;
    for (let g = GLUE.exec(m[0]); g; g = GLUE.exec(m[0])) builder.replace(m.index + g.index, g[0].length, '', 'shell-quoting');
    any = true;
    if (builder.full) break;
  }
  return any ? builder.build() : undefined;
}
