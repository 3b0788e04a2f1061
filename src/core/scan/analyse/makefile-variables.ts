import { privateHost } from '../rules/secret-context.js';
import { JUSTFILE, MAKEFILE } from '../rules/shell-vocabulary.js';

/**
 * A Makefile's `$(HOME)` and `$(MIRROR)` are the shell's `${HOME}` and `${MIRROR}` in its recipes: read that way, so a
 * rule that knows `${HOME}/.ssh` knows it in a recipe. Same length, so every offset still points at the file.
 */
export function makeVariablesAsShell(path: string, text: string): string {
  return MAKEFILE.test(path) ? makeTextAsShell(text) : JUSTFILE.test(path) ? justTextAsShell(text) : text;
}

/** `name := justfile_directory() / ".."`: a value made of path pieces just joins with `/` (`justfile_directory()` is `.`). */
const JUST_ASSIGNMENT =
  /^([A-Za-z_][\w-]{0,60})([ \t]{0,8}:=[ \t]{0,8})((?:parent_directory\((?:(?:justfile|invocation)_directory\(\)|[A-Za-z_][\w-]{0,60})\)|justfile_directory\(\)|invocation_directory\(\)|home_directory\(\)|"[^"\n]{0,200}"|'[^'\n]{0,200}')(?:[ \t]{0,4}[/+][ \t]{0,4}(?:"[^"\n]{0,200}"|'[^'\n]{0,200}'))*)[ \t]*$/gm;

/** A justfile value read from the environment with a default (to the end of its line). */
const ENV_VAR_OR_DEFAULT = /\benv_var_or_default\(\s{0,4}(?:"[^"\n]{0,100}"|'[^'\n]{0,100}')\s{0,4},\s{0,4}([^\n]{1,300})\)(?=[ \t]*$)/gm;

/** A remote copy's destination on another machine (`"snap@203.0.113.9:/srv/ws"`), as a just string. */
const REMOTE_DESTINATION = /^["'][\w.-]{1,64}@([a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){1,6}):[^"'\s]{0,200}["']$/i;

/**
 * A justfile's values from the environment read as their defaults where the default says where a recipe reaches:
 * `env_var_or_default("CACHE", home_directory())` is that folder, and `env_var_or_default("MIRROR", "snap@host:/srv")`
 * copies to that machine, unless the user sets the variable. A word default (`"origin"`) stays unknown: a dotenv file
 * may set it; so does a destination on the user's own network.
 */
export function justDefaultsRead(text: string): string {
  if (!text.includes('env_var_or_default')) return text;
  return text.replace(ENV_VAR_OR_DEFAULT, (all, fallback: string) => {
    if (/_directory\(/.test(fallback)) return fallback;
    const host = REMOTE_DESTINATION.exec(fallback.trim())?.[1];
    return host && !privateHost(host) ? fallback : all;
  });
}

/** The path or string a just expression of literals and directory functions makes; undefined when it is anything else. */
function justValue(expression: string, known: ReadonlyMap<string, string>): string | undefined {
  let value = '';
  for (const m of expression.matchAll(
    /([/+])?[ \t]*(parent_directory\((?:(?:justfile|invocation)_directory\(\)|([A-Za-z_][\w-]{0,60}))\)|justfile_directory\(\)|invocation_directory\(\)|home_directory\(\)|"([^"]*)"|'([^']*)')/g,
  )) {
    // The project's folder is `.`; its parent (`parent_directory(justfile_directory())`) is `..`; the parent of a folder
    // set earlier (`here := justfile_directory()`, then `parent_directory(here)`) is that folder's `..`.
    if (m[3] !== undefined && !known.has(m[3])) return undefined;
    const piece =
      m[2] === 'home_directory()'
        ? '$HOME'
        : m[3] !== undefined
          ? parentOf(known.get(m[3])!)
          : m[2]!.startsWith('parent_')
            ? '..'
            : m[2]!.endsWith('()')
              ? '.'
              : (m[4] ?? m[5] ?? '');
    value = m[1] === '/' ? `${value.replace(/\/+$/, '')}/${piece.replace(/^\/+/, '')}` : value + piece;
  }
  return value.replace(/^\.\/(?=.)/, '') || undefined;
}

/** The folder above a path a justfile's values make: `.` → `..`, `..` → `../..`, `$HOME/src` → `$HOME`. */
function parentOf(path: string): string {
  if (path === '.') return '..';
  if (/^(?:\.\.\/)*\.\.$/.test(path)) return `${path}/..`;
  const cut = path.replace(/\/+$/, '').lastIndexOf('/');
  return cut > 0 ? path.slice(0, cut) : `${path}/..`;
}

/**
 * A justfile read as the shell reads its recipes: `{{scratch}}` as the path its `scratch := justfile_directory() / ".."`
 * makes (`..`), or as `${scratch}` when its value is anything else. Same length, so every offset still points at the file.
 */
function justTextAsShell(text: string): string {
  if (!text.includes('{{')) return text;
  const values = new Map<string, string>();
  const assignments = justDefaultsRead(text);
  for (const m of assignments.matchAll(JUST_ASSIGNMENT)) {
    const value = justValue(m[3]!, values);
    if (value !== undefined && !/["'\s]/.test(value)) values.set(m[1]!, value);
  }
  return text.replace(/\{\{[ \t]{0,4}([A-Za-z_][\w-]{0,60})[ \t]{0,4}\}\}/g, (all, name: string) => {
    const value = values.get(name);
    if (value !== undefined && value.length <= all.length) return value.padEnd(all.length, ' ');
    return ' '.repeat(all.length - name.length - 3) + `\${${name}}`;
  });
}

/** Make's text read as the shell's, whatever the file's name: what a Makefile includes (`include $(DIR)reset.env`) is Make. */
export function makeTextAsShell(text: string): string {
  return (
    text
      .replace(/\$\(([A-Za-z_]\w{0,60})\)/g, '$${$1}')
      // A recipe line's `@` (silent), `-` (ignore errors) and `+` are Make's: the command starts after them.
      .replace(/^(\t)([@+-]{1,3})/gm, (_, tab: string, marks: string) => tab + ' '.repeat(marks.length))
      // A recipe's `$$r` and `$$(cmd)` are the shell's `$r` and `$(cmd)`: the spare `$` becomes a blank before the word
      // (and its quote). An assignment's (`V=$$(git describe)`) is left: a blank after `=` would empty the variable.
      .replace(/(^|[^=$])(["']?)\$\$(?=[A-Za-z_{(])/gm, (_, before: string, quote: string) => `${before} ${quote}$`)
  );
}

/**
 * What Make's functions that only spell a word make of it: `$(if $(CI),rl,rl)` is `rl`, `$(shell command -v ba''sh)`
 * is `bash`, and a word split by empty quotes (`cu''rl`) is the word.
 */
export function makeFunctionsRead(value: string): string {
  return value
    .replace(/\$\(if {1,4}[^,()]{0,100},([^,()]{0,100}),\1\)/g, '$1')
    .replace(/\$\(shell {1,4}(?:command {1,4}-v|which|type {1,4}-p) {1,4}([^()\s]{1,60}) {0,4}\)/g, '$1')
    .replace(/(?<=\w)(?:''|"")(?=\w)/g, '');
}
