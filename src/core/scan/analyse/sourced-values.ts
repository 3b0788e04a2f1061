import { justDefaultsRead, makeFunctionsRead } from './makefile-variables.js';
import type { VirtualText } from '../surfaces/launch-units.js';

/**
 * The values a shell script takes from a file it sources (`source "$ROOT/.devreset.conf"` with `PRUNE_SCAN_ROOT="${DEV_ROOT:-..}"`):
 * the script is read again with each `$NAME` replaced by what the file sets, so a rule that knows `find .. -name .git |
 * xargs rm -rf` knows it when the `..` lives in a dotfile. The file's values are the author's, as the script is.
 */

/** Most values taken from one sourced file, and the longest value read. */
const MAX_VALUES = 200;
const MAX_VALUE = 300;

/**
 * `NAME=value`, `export NAME="value"`, `NAME='value'` on a line of its own; a folder a command names
 * (`"$(dirname "$top")"`, `"$(git rev-parse --show-toplevel)"`) keeps its inner quotes.
 */
const QUOTED_VALUE = String.raw`"\$\((?:dirname|realpath|pwd|git[ \t]{1,4}rev-parse)\b[^()\n]{0,200}\)"|"(?:[^"\\\n]|\\.){0,300}"|'[^'\n]{0,300}'`;
/** What may end an assignment's line: spaces and a comment. */
const LINE_END = String.raw`[ \t]{0,8}(?:#[^\n]{0,500})?$`;
const ASSIGNMENT = new RegExp(
  String.raw`^[ \t]{0,8}(?:export[ \t]{1,4})?([A-Za-z_]\w{0,60})=(${QUOTED_VALUE}|[^\s#;'"][^\s#;]{0,299}|)${LINE_END}`,
  'gm',
);

/** `[ "$scope" = parent ] && NAME="value"`: an assignment a condition makes, at the end of its line. */
const CONDITIONAL_ASSIGNMENT = new RegExp(
  String.raw`(?:&&|\|\|)[ \t]{0,4}(?:export[ \t]{1,4})?([A-Za-z_]\w{0,60})=(${QUOTED_VALUE}|[^\s#;'"&|][^\s#;&|]{0,299})${LINE_END}`,
  'gm',
);

/**
 * fish's `set -l NAME value` (a path, a quoted string), and `set -l NAME (string join _ authorized keys)`: the words the
 * substitution joins, read as the one word it makes.
 */
const FISH_ASSIGNMENT = new RegExp(
  String.raw`^[ \t]{0,8}set[ \t]{1,4}(?:-[a-zA-Z]{1,4}[ \t]{1,4}){0,3}([A-Za-z_]\w{0,60})[ \t]{1,4}(${QUOTED_VALUE}|\(string[ \t]{1,4}join[ \t]{1,4}\S{1,4}(?:[ \t]{1,4}[\w.-]{1,40}){1,8}\)|[^\s#;'"()$][^\s#;()]{0,299})${LINE_END}`,
  'gm',
);

/** What a fish value reads as: `(string join _ authorized keys)` is `authorized_keys`. */
function fishValue(raw: string): string {
  const join = /^\(string[ \t]{1,4}join[ \t]{1,4}(\S{1,4})((?:[ \t]{1,4}[\w.-]{1,40}){1,8})\)$/.exec(raw);
  return join
    ? join[2]!
        .trim()
        .split(/[ \t]+/)
        .join(join[1] === "''" || join[1] === '""' ? '' : join[1]!.replace(/^['"]|['"]$/g, ''))
    : raw;
}

/**
 * The assignments of a sourced file, its own `${OTHER:-default}` read as the default when the file does not set OTHER.
 * A value a condition assigns is the one kept: the branch the file's settings pick is where the act goes.
 */
export function sourcedAssignments(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const re of [ASSIGNMENT, CONDITIONAL_ASSIGNMENT, FISH_ASSIGNMENT]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m && values.size < MAX_VALUES; m = re.exec(text)) {
      const raw = re === FISH_ASSIGNMENT ? fishValue(m[2]!) : m[2]!;
      values.set(m[1]!, raw.length >= 2 && (raw[0] === '"' || raw[0] === "'") ? raw.slice(1, -1) : raw);
    }
  }
  for (const [name, value] of values)
    values.set(
      name,
      value.replace(/\$\{(\w{1,60}):?-([^}]{0,200})\}/g, (whole, other: string, fallback: string) =>
        values.has(other) ? whole : fallback,
      ),
    );
  return values;
}

/** `NAME := value` (`=`, `::=`, `?=`; `override`/`export` before it) on a line of its own: a Makefile's assignment. Never a tab-led recipe line. */
const MAKE_ASSIGNMENT =
  /^ {0,8}(?:(?:override|export) {1,4})?([A-Za-z_][\w.-]{0,60})[ \t]{0,8}(?::{1,3}=|\?=|=)[ \t]{0,8}([^\n#]{0,300}?)[ \t]{0,8}(?:#[^\n]{0,500})?$/gm;

/**
 * A Makefile's assignments (its `$(X)` already read as `${X}`), with the functions that only name a folder read as the
 * folder: `$(abspath ${CURDIR}/${LEVEL})` is `./../..` when LEVEL is `../..`.
 */
export function makeAssignments(text: string): Map<string, string> {
  const values = new Map<string, string>();
  MAKE_ASSIGNMENT.lastIndex = 0;
  for (let m = MAKE_ASSIGNMENT.exec(text); m && values.size < MAX_VALUES; m = MAKE_ASSIGNMENT.exec(text))
    if (m[2])
      values.set(
        m[1]!,
        makeFunctionsRead(m[2])
          .replace(/\$\((?:abspath|realpath) {1,4}([^()]{1,300})\)/g, '$1')
          .replace(/\$\{CURDIR\}(\/?)/g, (_, slash: string) => (slash ? '' : '.')),
      );
  return values;
}

/**
 * Make's list functions read as the words they make: `$(wildcard <glob>)` is the glob, `$(patsubst %/.git,%,<words>)`
 * each word with the pattern's ends replaced (a glob of repositories' `.git` folders becomes the glob of the repositories).
 */
function makeListsRead(value: string): string {
  let out = value;
  for (let pass = 0; pass < 3 && out.includes('$('); pass++)
    out = out
      .replace(/\$\(wildcard {1,4}([^()$]{1,300})\)/g, '$1')
      .replace(
        /\$\(patsubst {1,4}([^,()%]{0,100})%([^,()%]{0,100}),([^,()%]{0,100})%([^,()%]{0,100}),([^()$]{0,300})\)/g,
        (all, pre: string, post: string, to: string, toPost: string, list: string) =>
          list
            .trim()
            .split(/\s+/)
            .map((word) =>
              word.startsWith(pre) && word.endsWith(post) ? `${to}${word.slice(pre.length, word.length - post.length)}${toPost}` : word,
            )
            .join(' '),
      );
  return out;
}

/** `$(foreach p,a b c,-name '${p}' -o)`: Make's loop, read as the text it makes. */
function makeLoopsRead(value: string): string {
  return value.replace(/\$\(foreach {1,4}(\w{1,40}),([^,()]{0,300}),([^()]{0,300})\)/g, (_, name: string, list: string, body: string) =>
    words(list)
      .split(' ')
      .map((word) => body.split(`\${${name}}`).join(word))
      .join(' '),
  );
}

/** Whether `file` sources `written` (`source X`, `. X`, `set -a; . X`), as the script writes the path. */
export function sources(quoted: string, written: string): boolean {
  // References are written without their quotes (`. "$(dirname "$0")/x.env"` → `. $(dirname $0)/x.env`).
  const script = quoted.replace(/["']/g, '');
  for (let at = script.indexOf(written); at >= 0; at = script.indexOf(written, at + 1))
    if (/(?:^|[\s;&|(])(?:source|\.)\s{1,4}["']?\S{0,200}$/.test(script.slice(script.lastIndexOf('\n', at) + 1, at + 1))) return true;
  return false;
}

/** A use of a variable: `$NAME`, `${NAME}`, `${NAME:-default}`, `${NAME-default}`, an array's `${NAME[@]}`. */
const USE = /\$\{(\w{1,60})(?:\[[@*0-9]{1,3}\])?(?::?[-=?+][^}]{0,200})?\}|\$(\w{1,60})|\{\{[ \t]{0,2}(\w{1,60})[ \t]{0,2}\}\}/g;

/** `NAME=(a "b" 'c')` on one line: an array, read as its words. */
const ARRAY =
  /^[ \t]{0,8}(?:(?:export|declare[ \t]{1,4}-a|local)[ \t]{1,4})?([A-Za-z_]\w{0,60})=\(([^()\n]{0,300})\)[ \t]{0,8}(?:#[^\n]{0,500})?$/gm;
/** `NAME+=(word …)`: words appended to an array. */
const APPEND = /^[ \t]{0,8}([A-Za-z_]\w{0,60})\+=\(([^()\n]{0,300})\)[ \t]{0,8}(?:#[^\n]{0,500})?$/gm;
/** `for NAME in a b c; do` (or `do` on the next line): the words the loop gives NAME. */
const LOOP = /^[ \t]{0,40}for[ \t]{1,4}([A-Za-z_]\w{0,60})[ \t]{1,4}in[ \t]{1,4}([^;\n]{1,300}?)[ \t]{0,4}(?:;[ \t]{0,4}do\b|$)/gm;

/** A value that can complete an act: an address (`user@host:` too), a path out of the workspace, the home folder, a shell start-up file, a repository's history, a command that deletes, downloads or runs. */
const REACHES_OUT =
  /^\s{0,4}(?:rm\s{1,4}-|curl\b|wget\b|(?:ba)?sh\b)|(?:^|[\s'"/])\.git(?:[\s'"/]|$)|:\/\/|~|\$\{?HOME\b|(?:^|[\s/"'])\.\.(?:[\s/"']|$)|(?:^|[\s"'])\/(?:etc|usr|var|root|home|Users|Library|tmp)?\b|\.(?:bashrc|zshrc|profile|bash_profile|zprofile)\b|\bauthorized_keys\b|(?:^|[\s"'])[\w.-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,6}:/;

/**
 * The values a shell script gives its own names, where they can complete an act: its assignments, its arrays and the
 * words of its `for` loops (`for p in .zshrc .bashrc` with `rc="$HOME/$p"` … `>> "$rc"` appends to `$HOME/.zshrc`).
 * Values that name other values are read through them (three levels), with `given` (a sourced file's) first.
 */
export function ownValues(script: string, given: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  return readValues(script, given, sourcedAssignments, false);
}

/** `name := "curl -fsSL"`, `bundle := mirror / "bundles" / edition` (`export` before it): a justfile's assignment. */
const JUST_ASSIGNMENT = /^(?:export[ \t]{1,4})?([A-Za-z_]\w{0,60})[ \t]{0,8}:=[ \t]{0,8}([^\n#]{1,400}?)[ \t]{0,8}(?:#[^\n]{0,500})?$/gm;
/** One piece of a just expression: a string, a variable, or a backtick command (its output is unknown), after `/` or `+`. */
const JUST_PIECE = /[ \t]{0,4}([/+])?[ \t]{0,4}(?:"([^"\\\n]{0,300})"|'([^'\n]{0,300})'|([A-Za-z_]\w{0,60})(?![\w(-])|(`[^`\n]{0,200}`))/y;

/**
 * A justfile's assignments read as the text they make: strings joined (`/` joins a path), a variable as `${name}` (the
 * values' own passes fill it in), a backtick command as `${_}`. An expression with a function call or anything else is left out.
 */
export function justAssignments(text: string): Map<string, string> {
  const values = new Map<string, string>();
  text = justDefaultsRead(text);
  JUST_ASSIGNMENT.lastIndex = 0;
  for (let m = JUST_ASSIGNMENT.exec(text); m && values.size < MAX_VALUES; m = JUST_ASSIGNMENT.exec(text)) {
    const expression = m[2]!;
    let value = '';
    JUST_PIECE.lastIndex = 0;
    for (let p = JUST_PIECE.exec(expression); p; p = JUST_PIECE.exec(expression)) {
      const piece = p[2] ?? p[3] ?? (p[4] ? `\${${p[4]}}` : '${_}');
      value = p[1] === '/' ? `${value.replace(/\/+$/, '')}/${piece.replace(/^\/+/, '')}` : value + piece;
      if (JUST_PIECE.lastIndex >= expression.length) break;
    }
    if (JUST_PIECE.lastIndex >= expression.length && value) values.set(m[1]!, value);
  }
  return values;
}

/** A justfile's values, as a Makefile's: what its recipes read in `{{name}}` (already `${name}`). */
export function justValues(text: string, given: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  return readValues(text, given, justAssignments, true);
}

/**
 * A Makefile's values (its own and those of the files it includes), all of them once one reaches out: a recipe's
 * `find $(ROOT) \( $(NAMES) \) -prune -exec $(RM) {} +` is judged by what it deletes (`-name .git`, or build output only)
 * as much as by where.
 */
export function makeValues(text: string, given: ReadonlyMap<string, string> = new Map()): Map<string, string> {
  return readValues(text, given, makeAssignments, true);
}

function readValues(
  script: string,
  given: ReadonlyMap<string, string>,
  assignments: (text: string) => Map<string, string>,
  allOnceOneReachesOut: boolean,
): Map<string, string> {
  const values = new Map(given);
  const add = (name: string, value: string) => {
    if (!values.has(name) && values.size < MAX_VALUES) values.set(name, value);
  };
  // A destination the user's environment overrides (`bucket="${QA_BUCKET:-s3://team-qa}"`) is where the user sends it;
  // a location's default (`"${TMPDIR:-/tmp}"`, `"${DBT_PROFILES_DIR:-$HOME/.dbt}"`) is where the script works.
  const overridable = new Set(
    [...script.matchAll(/^[ \t]{0,8}(?:export[ \t]{1,4})?([A-Za-z_]\w{0,60})=["']?\$\{\w{1,60}:?-[a-z][\w+.-]{0,20}:\/\//gm)].map(
      (m) => m[1]!,
    ),
  );
  for (const [name, value] of assignments(script)) if (!overridable.has(name)) add(name, value);
  ARRAY.lastIndex = 0;
  for (let m = ARRAY.exec(script); m; m = ARRAY.exec(script)) add(m[1]!, words(m[2]!));
  // Words appended later (`ARTIFACTS+=("${TIDY_VCS_META:-.git}")`) are the array's too; a default is what it holds unset.
  if (script.includes('+=(')) {
    for (const m of script.matchAll(APPEND)) {
      const held = values.get(m[1]!);
      if (held !== undefined) values.set(m[1]!, `${held} ${words(m[2]!.replace(/\$\{\w{1,60}:?-([^}\n]{0,100})\}/g, '$1'))}`);
    }
  }
  LOOP.lastIndex = 0;
  // A glob's words (`for g in "$ROOT"/*/`) are the folders it finds, not its text: the name stays a name.
  const loops = new Set<string>();
  for (let m = LOOP.exec(script); m; m = LOOP.exec(script))
    if (!/[*?[]/.test(m[2]!) && !values.has(m[1]!)) {
      add(m[1]!, words(m[2]!));
      loops.add(m[1]!);
    }
  // What is read from the sourced file's values (`for pat in $PATTERNS`) is the author's as they are, whatever it holds.
  const fromGiven = new Set([...values].filter(([name, value]) => !given.has(name) && usesAny(value, given)).map(([name]) => name));
  for (let pass = 0; pass < 3; pass++)
    for (const [name, value] of values) {
      const read = withSourcedValues(value, values);
      if (read && read.text.length <= MAX_VALUE) values.set(name, read.text);
    }
  for (const [name, value] of values) if (value.includes('$')) values.set(name, parentSpelled(value, values));
  for (const [name, value] of values) if (value.includes('$(foreach')) values.set(name, makeLoopsRead(value));
  for (const [name, value] of values) if (value.includes('$(')) values.set(name, makeListsRead(value));
  // A loop over a list that turns out to be a glob (`for wt in $(WORKTREES)`, `WORKTREES` a glob of `..`) goes over what
  // it finds: its name stays a name, for the loop to be read as one.
  for (const name of loops) if (/[*?[]/.test(values.get(name) ?? '')) values.delete(name);
  if (allOnceOneReachesOut && [...values.values()].some((value) => REACHES_OUT.test(value))) return values;
  for (const [name, value] of values) if (!given.has(name) && !fromGiven.has(name) && !REACHES_OUT.test(value)) values.delete(name);
  return values;
}

/** The project's own folder as a script spells it: the working directory, the agent client's project variable, `$(pwd)`. */
const PROJECT_DIR_TEXT = String.raw`(?:\$\{?(?:PWD|CLAUDE_PROJECT_DIR|GITHUB_WORKSPACE|CI_PROJECT_DIR)\}?|\$\{(?:CLAUDE_PROJECT_DIR|GITHUB_WORKSPACE):-\$\{?PWD\}?\}|\$\(pwd\))`;
/** A value that is the project's folder: those spellings, the repository's top level, or `.`. */
const PROJECT_DIR = new RegExp(String.raw`^(?:${PROJECT_DIR_TEXT}|\$\(git rev-parse --show-toplevel\)|\.)$`);

/**
 * The folder above the project, however a script spells it, read as `..`: `$PWD/..`, `${here%/*}` and
 * `$(dirname "$here")` where `here` is the project's folder.
 */
function parentSpelled(value: string, values: ReadonlyMap<string, string>): string {
  const project = (name: string) => PROJECT_DIR.test(`$${name}`) || PROJECT_DIR.test(values.get(name) ?? '');
  return value
    .replace(new RegExp(String.raw`"?${PROJECT_DIR_TEXT}"?\/\.\.(?=\/|$|["'\s])`, 'g'), '..')
    .replace(/\$\{(\w{1,60})%\/\*\}/g, (whole, name: string) => (project(name) ? '..' : whole))
    .replace(/\$\(dirname\s{1,4}"?\$\{?(\w{1,60})\}?"?\s{0,4}\)/g, (whole, name: string) => (project(name) ? '..' : whole));
}

/** Whether a value uses one of the names (`$PATTERNS`, `${PATTERNS}`). */
function usesAny(value: string, names: ReadonlyMap<string, string>): boolean {
  if (!names.size || !value.includes('$')) return false;
  for (const m of value.matchAll(USE)) if (names.has(m[1] ?? m[2] ?? m[3]!)) return true;
  return false;
}

/** The words of a list, their quotes taken off (`".zshrc" '.bashrc'` → `.zshrc .bashrc`). */
function words(list: string): string {
  return list.replace(/["']/g, '').trim().replace(/\s+/g, ' ');
}

/** `NAME="$(…)"` (or `export NAME=$(…)`): an assignment from a command, its `$(` at the match's end. */
const ASSIGNED_FROM_COMMAND = /(?:^|[\s;])(?:export[ \t]{1,4})?([A-Za-z_]\w{0,40})=["']?\$\(/gm;

/**
 * The `)` that closes a `$(…)` whose command starts at `from`, looked for before `until`: quoted parentheses do not count,
 * and a line break ends the search. -1 when there is none.
 */
export function closingParenOf(text: string, from: number, until: number): number {
  let depth = 0;
  let quote = '';
  for (let i = from; i < Math.min(text.length, until); i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && depth-- === 0) return i;
    else if (c === '\n') return -1;
  }
  return -1;
}

/**
 * The script with the sourced values in place of their uses, mapped back to the script (null when nothing is replaced).
 * A variable assigned from a command whose value is known (`export OPENAI_BASE_URL="$(node -p …)"`) reads as assigned
 * that value, so what the assignment sets is read too, not only where the variable is used.
 */
export function withSourcedValues(text: string, values: ReadonlyMap<string, string>): Pick<VirtualText, 'text' | 'pieces'> | null {
  const replacements: { at: number; end: number; value: string }[] = [];
  if (text.includes('$('))
    for (const m of text.matchAll(ASSIGNED_FROM_COMMAND)) {
      const value = values.get(m[1]!);
      const open = m.index + m[0].length - 2;
      const close = value === undefined || value.length > MAX_VALUE ? -1 : closingParenOf(text, open + 2, open + 800);
      if (close > 0) replacements.push({ at: open, end: close + 1, value: value! });
    }
  USE.lastIndex = 0;
  for (let m = USE.exec(text); m; m = USE.exec(text)) {
    const value = values.get(m[1] ?? m[2] ?? m[3]!);
    if (value === undefined || value.length > MAX_VALUE) continue;
    // `"${fetch[@]}"` is the array's words, each a word of its own: the quotes go with it.
    const words = /\[[@*]\]/.test(m[0]) && text[m.index - 1] === '"' && text[m.index + m[0].length] === '"' ? 1 : 0;
    replacements.push({ at: m.index - words, end: m.index + m[0].length + words, value });
  }
  return spliced(text, replacements);
}

/**
 * A text with spans replaced by values, mapped back to the text by its pieces (null when nothing is replaced); a span that
 * overlaps one already replaced is left.
 */
export function spliced(
  text: string,
  replacements: { at: number; end: number; value: string }[],
): Pick<VirtualText, 'text' | 'pieces'> | null {
  if (!replacements.length) return null;
  replacements.sort((a, b) => a.at - b.at);
  let out = '';
  const pieces: [number, number][] = [[0, 0]];
  let last = 0;
  for (const r of replacements) {
    if (r.at < last) continue;
    out += text.slice(last, r.at);
    pieces.push([out.length, r.at]);
    out += r.value;
    last = r.end;
    pieces.push([out.length, last]);
  }
  out += text.slice(last);
  return { text: out, pieces };
}
