import { escapeRegExp } from '../../escape-regexp.js';
import { lineAt as lineAround } from '../segment/line-at.js';
import { oncePerTextAndKey } from './once-per-text.js';

/** A program writing a file: the ways Python, Node, Go, Rust, Ruby and .NET open one for writing or appending. */
export const WRITES_FILE =
  /\.write(?:_text|lines)?\s{0,4}\(|\bwriteFileSync\b|\bappendFile(?:Sync)?\b|\bopen\s{0,4}\([^)]{0,200}["']a\+?["']|\bos\.WriteFile\b|\bFile\.(?:write|open)\b|\.WriteString\s{0,4}\(|\bos\.OpenFile\s{0,4}\([^)]{0,200}\bO_APPEND\b|\.append\s{0,4}\(\s{0,4}true\s{0,4}\)|\bFile\.AppendAll(?:Text|Lines)\b|\bwriteln!?\s{0,4}\(/;

/** Writes to the process's own streams (`sys.stderr.write(…)`, `process.stdout.write(…)`): shown to the user, no file written. */
const STREAM_WRITE =
  /\b(?:sys\.(?:stderr|stdout)|process\.(?:stderr|stdout)|os\.(?:Stderr|Stdout)|\$(?:stderr|stdout)|console)\.(?:write|WriteString|log|error)\s{0,4}\(/g;
/** `NAME =`, `const NAME =`, `NAME :=` at a line's start: the name a statement binds. */
const BINDS =
  /^[ \t]{0,16}(?:(?:const|let|var|export)[ \t]{1,4})?([A-Za-z_]\w{0,60})[ \t]{0,4}(?::[ \t]{0,4}[\w[\]., ]{1,60}[ \t]{0,4})?:?=(?!=)/;

/** A function's definition in Python, JavaScript, Go or Rust, and its name. */
const FUNCTION_DEFINED = /\b(?:def|function|func|fn)[ \t]{1,4}([A-Za-z_]\w{0,60})[ \t]{0,4}\(/g;

/** The line around `at`. */
const lineAt = (text: string, at: number): string => lineAround(text, at).line;

/** The name bound by the statement that holds `at`: its own line, or an open list or call a few lines up (`RC = [\n  home / ".zshrc",`). */
function boundName(text: string, at: number): string | undefined {
  let start = text.lastIndexOf('\n', at - 1) + 1;
  // A loop over a list the literal is in (`for extra in (home / ".npmrc", …):`): the loop's variable holds it.
  const loop = /^[ \t]{0,16}for[ \t]{1,4}(?:\(?[ \t]{0,4}(?:const|let|var)[ \t]{1,4})?([A-Za-z_]\w{0,60})[ \t]{1,4}(?:in|of)\b/.exec(
    lineAt(text, at),
  );
  if (loop && at - start > loop[0].length) return loop[1];
  // Returned (`return Path.home() / ".zshrc"`): the function is the name its callers bind.
  if (/^[ \t]{0,16}return\b/.test(lineAt(text, at))) {
    const defined = [...text.slice(Math.max(0, start - 4000), start).matchAll(FUNCTION_DEFINED)];
    return defined.at(-1)?.[1];
  }
  for (let step = 0; step < 8; step++) {
    const line = lineAt(text, start);
    const bound = BINDS.exec(line);
    if (bound) {
      const between = text.slice(start, at);
      const open = (between.match(/[[({]/g) ?? []).length - (between.match(/[\])}]/g) ?? []).length;
      return step === 0 || open > 0 ? bound[1] : undefined;
    }
    if (start === 0) return undefined;
    start = text.lastIndexOf('\n', start - 2) + 1;
  }
  return undefined;
}

/** Names a value reaches from `name`: loop variables over it and names assigned from it (two steps). */
function namesReachedFrom(text: string, name: string): Set<string> {
  const names = new Set([name]);
  for (let round = 0; round < 2; round++) {
    for (const held of [...names]) {
      const n = escapeRegExp(held);
      const reach = new RegExp(
        String.raw`\bfor[ \t]{1,4}(?:\(?[ \t]{0,4}(?:const|let|var)[ \t]{1,4})?(?:_,[ \t]{0,4})?([A-Za-z_]\w{0,60})[ \t]{1,4}(?:in|of|:=[ \t]{0,4}range)[ \t]{1,4}[^\n]{0,40}?\b${n}\b|\b${n}\.(?:forEach|each|map)[ \t]{0,4}(?:\([ \t]{0,4}\(?|[ \t]{0,4}do[ \t]{1,4}\||\{[ \t]{0,4}\|)[ \t]{0,4}([A-Za-z_]\w{0,60})|^[ \t]{0,16}(?:(?:const|let|var)[ \t]{1,4})?([A-Za-z_]\w{0,60})[ \t]{0,4}:?=(?!=)[^\n]{0,120}\b${n}\b`,
        'gm',
      );
      for (const m of text.matchAll(reach)) {
        const bound = m[1] ?? m[2] ?? m[3];
        if (bound) names.add(bound);
      }
    }
  }
  return names;
}

/**
 * Whether the file a literal names is what the program writes: the literal's own line writes, or a line that writes names
 * what the literal is bound to (`RC = [home / ".zshrc"]` … `for rc in RC:` … `with rc.open("a")`), or hands it to a function.
 * A program that only prints a suggested line (`sys.stderr.write(f"add to {rc}: …")`) writes nothing there. When the
 * literal is bound to no name this cannot tell, and answers yes.
 */
export function writtenThroughName({ text, at }: { text: string; at: number }): boolean {
  if (WRITES_FILE.test(lineAt(text, at).replace(STREAM_WRITE, ' '))) return true;
  const name = boundName(text, at);
  return name === undefined || writesThrough(text, name);
}

/** Whether a line that writes a file names what `name` reaches, or hands it to a function the file defines; once per text and name. */
const writesThrough = oncePerTextAndKey((text, name): boolean => {
  const names = [...namesReachedFrom(text, name)].map(escapeRegExp).join('|');
  const named = new RegExp(String.raw`\b(?:${names})\b`);
  // Handed to a function the file defines (`append_line(rc, LINE)`): that function may write it.
  const defined = [...text.matchAll(FUNCTION_DEFINED)].map((m) => m[1]!);
  const handed =
    defined.length > 0
      ? new RegExp(String.raw`\b(?:${defined.map(escapeRegExp).join('|')})[ \t]{0,4}\([^\n]{0,200}\b(?:${names})\b`)
      : null;
  for (const line of text.split('\n')) {
    if (!named.test(line)) continue;
    if (WRITES_FILE.test(line.replace(STREAM_WRITE, ' ')) || handed?.test(line)) return true;
  }
  return false;
});

/** Uses of a path that only ask whether it is there (`p.exists()`, `os.path.isfile(p)`, `existsSync(p)`, `Test-Path $p`, `p.name`). */
const EXISTENCE_USE = (name: string): RegExp =>
  new RegExp(
    String.raw`\b${name}\.(?:exists|is_file|is_dir|is_symlink)\s{0,4}\(\s{0,4}\)|\b${name}\.name\b|\bos\.path\.(?:exists|isfile|isdir|lexists)\s{0,4}\(\s{0,4}${name}\s{0,4}\)|\b(?:fs\.)?existsSync\s{0,4}\(\s{0,4}${name}\s{0,4}\)|\bTest-Path\s{1,4}(?:-(?:Path|LiteralPath)\s{1,4})?\$${name}\b|\[\[?\s{1,4}-[efsd]\s{1,4}["']?\$\{?${name}\}?["']?`,
    'g',
  );

/**
 * Whether a path literal is only checked for being there: it is bound to a name (a list a loop walks, an assignment) and
 * every line that names it again only asks whether it exists (`if extra.exists(): merged[f"__{extra.name}"] = "present"`).
 * A path bound to no name, or named anywhere else (read, copied, handed on, put in a list), may be read: no.
 */
export function onlyCheckedForExistence({ text, at }: { text: string; at: number }): boolean {
  const name = boundName(text, at);
  return name !== undefined && checkedOnly(text, `${name}\0${lineAt(text, at)}`);
}

/** Whether every other line naming what `name` reaches (before the key's NUL) only asks if it exists; once per text and key. */
const checkedOnly = oncePerTextAndKey((text, key): boolean => {
  const [name, bindingLine] = key.split('\0') as [string, string];
  const names = [...namesReachedFrom(text, name)];
  const named = new RegExp(String.raw`\b(?:${names.map(escapeRegExp).join('|')})\b`);
  const existence = names.map((n) => EXISTENCE_USE(escapeRegExp(n)));
  let checked = false;
  for (const line of text.split('\n')) {
    if (line === bindingLine || !named.test(line)) continue;
    if (/^[ \t]{0,16}for[ \t]/.test(line) && !/[([{]/.test(line.replace(/^[ \t]{0,16}for[^\n]{0,200}?\bin\b/, ''))) continue;
    let rest = line;
    for (const use of existence)
      rest = rest.replace(use, () => {
        checked = true;
        return ' ';
      });
    if (named.test(rest)) return false;
  }
  return checked;
});
