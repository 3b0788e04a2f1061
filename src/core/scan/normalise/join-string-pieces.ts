import { ViewBuilder, type NormalisedView } from './text-view.js';

/**
 * `'Inv'+'oke-Ex'+'pression'`, `"cu" + "rl"`, `"broker." .. "hive" .. "mq.com"`: a name cut into short string pieces
 * and glued back together when the code runs (JavaScript, Python, PowerShell, Ruby; Lua's `..`, Perl's and PHP's ` . `). Three or more pieces of at most
 * twelve characters each are read as the one string they make; a long text wrapped over several lines
 * (long pieces) is left as written.
 */
const CHAIN = /(["'])[^"'\\\n]{0,12}\1(?:\s{0,4}(?:\+|\.\.|(?<=\s)\.(?=\s))\s{0,4}(["'])[^"'\\\n]{0,12}\2){2,64}/g;
const GLUE = /["']\s{0,4}(?:\+|\.\.|(?<=\s)\.(?=\s))\s{0,4}["']/g;
/**
 * The same pieces in a list joined with nothing: `["s", "h"].join("")` (JavaScript, Ruby), `["NO", "PASSWD"].concat()`
 * (Rust), `"".join(["cu", "rl"])` (Python); or a path in pieces joined with its separator (`["/etc", "sudoers.d",
 * "90-x"].join("/")`, `"/".join(["", "etc", "sudoers.d"])`). Read as the one string.
 */
const PIECE = String.raw`["'][^"'\\\n]{0,40}["']`;
const PIECES = String.raw`${PIECE}(?:[ \t]{0,4},[ \t]{0,4}${PIECE}){1,64}`;
const LIST_JOIN = new RegExp(
  String.raw`&?\[[ \t]{0,4}(?<list>${PIECES})[ \t]{0,4}\]\.(?:join\([ \t]{0,4}(["'])(?<sep>[^"'\\\n]{0,2})\2[ \t]{0,4}\)|concat\(\))|(["'])(?<sep2>[^"'\\\n]{0,2})\4\.join\([ \t]{0,4}[[(][ \t]{0,4}(?<list2>${PIECES})[ \t]{0,4}[\])][ \t]{0,4}\)`,
  'g',
);

/** The pieces of a list as written (quotes off). */
const piecesOf = (list: string): string[] => [...list.matchAll(/["']([^"'\\\n]{0,40})["']/g)].map((p) => p[1]!);

export function joinStringPieces(text: string): NormalisedView | undefined {
  const lists = text.includes('.join(') || text.includes('.concat()');
  if (!text.includes('+') && !text.includes('.') && !lists) return undefined;
  const builder = new ViewBuilder(text);
  let any = false;
  if (lists)
    for (const m of text.matchAll(LIST_JOIN)) {
      const g = m.groups!;
      const pieces = piecesOf(g.list ?? g.list2!);
      const separator = g.sep ?? g.sep2 ?? '';
      // Joined with nothing, a long piece is text wrapped over lines, not a name cut up.
      if (!separator && pieces.some((p) => p.length > 12)) continue;
      builder.replace(m.index, m[0].length, `"${pieces.join(separator)}"`, 'shell-quoting');
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
