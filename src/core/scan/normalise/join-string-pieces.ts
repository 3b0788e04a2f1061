import { MAX_REPLACEMENTS, ViewBuilder, type ChangeKind, type NormalisedView } from './text-view.js';

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
 * (Rust), `"".join(["cu", "rl"])` (Python), `strings.Join([]string{"by", "pass"}, "")` (Go); or a path in pieces joined with its separator (`["/etc", "sudoers.d",
 * "90-x"].join("/")`, `"/".join(["", "etc", "sudoers.d"])`). Read as the one string.
 */
const PIECE = String.raw`["'][^"'\\\n]{0,40}["']`;
const PIECES = String.raw`${PIECE}(?:[ \t]{0,4},[ \t]{0,4}${PIECE}){1,64}`;
const LIST_JOIN = new RegExp(
  String.raw`&?\[[ \t]{0,4}(?<list>${PIECES})[ \t]{0,4}\]\.(?:join\([ \t]{0,4}(["'])(?<sep>[^"'\\\n]{0,2})\2[ \t]{0,4}\)|concat\(\))|(["'])(?<sep2>[^"'\\\n]{0,2})\4\.join\([ \t]{0,4}[[(][ \t]{0,4}(?<list2>${PIECES})[ \t]{0,4}[\])][ \t]{0,4}\)|\bstrings\.Join\([ \t]{0,4}\[\]string\{[ \t]{0,4}(?<list3>${PIECES})[ \t]{0,4}\}[ \t]{0,4},[ \t]{0,4}(["'])(?<sep3>[^"'\\\n]{0,2})\8[ \t]{0,4}\)`,
  'g',
);

/**
 * A path joined from literals by a path function (`filepath.Join("/etc", "sudo"+"ers.d", name)`, `os.path.join("~",
 * ".ssh")`, `Path.Combine`, `File.join`): its literal arguments (each may be short pieces glued with `+`) read as the one
 * path they make (`"/etc/sudoers.d", name`). Two literal arguments at least, after a folder held in a name or not
 * (`filepath.Join(home, "."+"claude", "settings"+".json")` → `home, ".claude/settings.json"`).
 */
const ARG = String.raw`["'][^"'\\\n]{0,40}["'](?:[ \t]{0,4}\+[ \t]{0,4}["'][^"'\\\n]{0,40}["']){0,4}`;
const PATH_JOIN = new RegExp(
  String.raw`\b(?:filepath\.Join|path\.(?:Join|join|resolve)|os\.path\.join|Path\.Combine|File\.join|Paths\.get|PathBuf::from)\s{0,4}\(\s{0,4}(?:[A-Za-z_][\w.]{0,40}(?:\(\s{0,4}\))?\s{0,4},\s{0,4})?(?<args>${ARG}(?:[ \t]{0,4},[ \t]{0,4}${ARG}){1,8})`,
  'g',
);

/** The `" + "` between two pieces of one argument (`"sudo" + "ers.d"`). */
const PLUS_GLUE = /["'][ \t]{0,4}\+[ \t]{0,4}["']/g;

/** A Lisp's concatenation of literals only (Clojure's `(str "https://" "npm-doctor" "." "pages" ".dev")`, Racket's `string-append`). */
const LISP_CONCAT = /\((?:str|concat|string-append)((?:\s{1,4}"[^"\\\n]{0,40}"){3,64})\s{0,4}\)/g;

/** The pieces of a list as written (quotes off). */
const piecesOf = (list: string): string[] => [...list.matchAll(/["']([^"'\\\n]{0,40})["']/g)].map((p) => p[1]!);

export function joinStringPieces(text: string): NormalisedView | undefined {
  const lists = text.includes('.join(') || text.includes('.concat()') || text.includes('strings.Join(');
  if (!text.includes('+') && !text.includes('.') && !lists) return undefined;
  // Collected first, then applied in the order of the text (a view is built front to back), an overlapping one dropped.
  const edits: { at: number; length: number; by: string; kind?: ChangeKind }[] = [];
  if (/join|Join|resolve|Combine|Paths\.get/.test(text))
    for (const m of text.matchAll(PATH_JOIN)) {
      const args = m.groups!.args!;
      const path = args
        .split(/["'][ \t]{0,4},[ \t]{0,4}["']/)
        .map((arg) => arg.replace(PLUS_GLUE, '').replace(/^["']|["']$/g, ''))
        .join('/')
        .replace(/\/{2,}/g, '/');
      // Names cut into pieces glued with `+` hide a name; whole names joined by the path function are a path, written as usual.
      const cut = args.search(PLUS_GLUE) >= 0;
      edits.push({
        at: m.index + m[0].length - args.length,
        length: args.length,
        by: `"${path}"`,
        kind: cut ? 'shell-quoting' : 'path-join',
      });
    }
  if (lists)
    for (const m of text.matchAll(LIST_JOIN)) {
      const g = m.groups!;
      const pieces = piecesOf(g.list ?? g.list2 ?? g.list3!);
      const separator = g.sep ?? g.sep2 ?? g.sep3 ?? '';
      // Joined with nothing, a long piece is text wrapped over lines, not a name cut up.
      if (!separator && pieces.some((p) => p.length > 12)) continue;
      edits.push({ at: m.index, length: m[0].length, by: `"${pieces.join(separator)}"` });
    }
  if (text.includes('(str ') || text.includes('(concat ') || text.includes('(string-append '))
    for (const m of text.matchAll(LISP_CONCAT)) {
      const pieces = piecesOf(m[1]!);
      if (pieces.every((p) => p.length <= 12)) edits.push({ at: m.index, length: m[0].length, by: `"${pieces.join('')}"` });
    }
  CHAIN.lastIndex = 0;
  for (let m = CHAIN.exec(text); m && edits.length <= MAX_REPLACEMENTS; m = CHAIN.exec(text)) {
    GLUE.lastIndex = 0;
    for (let g = GLUE.exec(m[0]); g; g = GLUE.exec(m[0])) edits.push({ at: m.index + g.index, length: g[0].length, by: '' });
  }
  if (!edits.length) return undefined;
  edits.sort((a, b) => a.at - b.at);
  const builder = new ViewBuilder(text);
  let done = 0;
  for (const edit of edits) {
    if (edit.at < done) continue;
    builder.replace(edit.at, edit.length, edit.by, edit.kind ?? 'shell-quoting');
    done = edit.at + edit.length;
    if (builder.full) break;
  }
  return builder.build();
}
