import { SECRET_FILE } from '../rules/shell-vocabulary.js';
import { COMMANDS, isCommand } from './command-names.js';
import { MAX_REPLACEMENTS, replaceEach, throughSteps, ViewBuilder, type ChangeKind, type NormalisedView } from './text-view.js';

/** Variables that name a shell without being assigned in the text. */
const BUILT_IN: Readonly<Record<string, string>> = { SHELL: 'sh', BASH: 'bash' };

/** Every piece of a command name (`cu`, `rl`): a variable holding one may be joined into a command. */
const COMMAND_PIECES = new Set(
  [...COMMANDS].flatMap((c) =>
    [...Array(c.length).keys()].flatMap((i) => [...Array(c.length - i).keys()].map((j) => c.slice(i, i + j + 1))),
  ),
);

interface Replacement {
  at: number;
  length: number;
  by: string;
  kind: ChangeKind;
}

/** ASCII lookup tables: a regex test per character would cost more than the whole search. */
function charTable(chars: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let c = 48; c <= 57; c++) table[c] = 1;
  for (let c = 65; c <= 90; c++) table[c] = table[c + 32] = 1;
  for (const ch of chars) table[ch.charCodeAt(0)] = 1;
  return table;
}
const WORD_CHAR = charTable('_./"\'\\-');
const RUN_CHAR = charTable('_./${}-');
const isIn = (table: Uint8Array, code: number) => code < 128 && table[code] === 1;
/** A quote or backslash right after a letter or digit and before another or a quote: the only place it can split a command name. */
const INNER_QUOTE = /["'\\](?<=[A-Za-z0-9]["'\\])(?=[A-Za-z0-9"'])/g;
const MAX_WORD = 80;
/** An option (`-rf`, `--data-binary`): split by empty quotes, or kept in a name (`k=--data-binary; curl "$k" @f`), it is read as written. */
const OPTION = /^--?[A-Za-z][\w-]{0,30}$/;

/** Words split by quotes or backslashes that the shell joins into a command name or an option. */
function quotedCommandWords(text: string, out: Replacement[]): void {
  let doneUntil = 0;
  INNER_QUOTE.lastIndex = 0;
  for (let m = INNER_QUOTE.exec(text); m; m = INNER_QUOTE.exec(text)) {
    const at = m.index;
    if (at < doneUntil) continue;
    let start = at;
    while (start > 0 && at - start < MAX_WORD && isIn(WORD_CHAR, text.charCodeAt(start - 1))) start--;
    let end = at + 1;
    while (end < text.length && end - at < MAX_WORD && isIn(WORD_CHAR, text.charCodeAt(end))) end++;
    doneUntil = end;
    INNER_QUOTE.lastIndex = end;
    const word = text.slice(start, end);
    const joined = word.replace(/["'\\]/g, '');
    // An option split by empty quotes (`-r""f`) is the option; a backslash there is a pattern's (`-delete\b`).
    const option = OPTION.test(joined) && word.replace(/""|''/g, '') === joined;
    if (joined !== word && /[A-Za-z]/.test(joined) && (isCommand(joined) || option))
      out.push({ at: start, length: word.length, by: joined, kind: 'shell-quoting' });
    if (out.length > MAX_REPLACEMENTS) return;
  }
}

const IDENTIFIER = charTable('_');
const VALUE = charTable('_./-~');
const VALUE_END = /[\s;&|)`]/;
/** A path to a file that holds secrets (`.env`, `~/.ssh/id_rsa`): a variable holding one is read where it is used, as if written there. */
const SECRET_PATH = new RegExp(String.raw`^(?:~\/|\$\{?HOME\}?\/)?[\w./~-]{0,80}?${SECRET_FILE}[\w./-]{0,40}$`, 'i');
/** `for f in .env .env.local; do`: the words a loop variable takes, one of them a secret file. */
const LOOP_OVER_WORDS = /\bfor\s{1,4}([A-Za-z_]\w{0,30})\s{1,4}in\s{1,4}([^;\n]{1,300}?)\s{0,4}(?:;|\n)\s{0,8}do\b/g;

/** `NAME=value` (or `NAME="value"`, or `NAME+=value`, which appends) with its `=` at `eq`: a shell assignment of a short word. */
function assignmentAt(text: string, eq: number): [string, string, boolean] | undefined {
  const append = text[eq - 1] === '+';
  const nameEnd = append ? eq - 1 : eq;
  let start = nameEnd;
  while (start > 0 && nameEnd - start <= 31 && isIn(IDENTIFIER, text.charCodeAt(start - 1))) start--;
  if (
    start === nameEnd ||
    /[0-9]/.test(text[start]!) ||
    (start > 0 && (isIn(IDENTIFIER, text.charCodeAt(start - 1)) || text[start - 1] === '$'))
  )
    return undefined;
  let at = eq + 1;
  const quote = text[at] === '"' || text[at] === "'" ? text[at++] : '';
  const valueStart = at;
  // `"$HOME/.aws/credentials"`: the home folder, then the path.
  const home = /^\$(?:HOME|\{HOME\})\//.exec(text.slice(at, at + 8))?.[0];
  if (home) at += home.length;
  while (at < text.length && at - valueStart < 60 && isIn(VALUE, text.charCodeAt(at))) at++;
  if (at === valueStart || (quote && text[at++] !== quote) || (at < text.length && !VALUE_END.test(text[at]!))) return undefined;
  return [text.slice(start, nameEnd), text.slice(valueStart, quote ? at - 1 : at), append];
}
const VARIABLE = /\$\{?[A-Za-z_]/g;

/** `C=curl; $C …`, `a=cu; b=rl; $a$b`, `${SHELL}`: variables that expand to a command name or an option. */
function variableCommandWords(text: string, out: Replacement[]): void {
  if (!text.includes('$')) return;
  const values = new Map<string, string>(Object.entries(BUILT_IN));
  // What each name holds so far: `_c=c; _c+=u; _c+=r; _c+=l` spells curl a letter at a time.
  const held = new Map<string, string>();
  for (let eq = text.indexOf('='); eq >= 0; eq = text.indexOf('=', eq + 1)) {
    const assignment = assignmentAt(text, eq);
    if (!assignment) continue;
    const [name, piece, append] = assignment;
    const value = append ? ((held.get(name) ?? '') + piece).slice(0, 60) : piece;
    held.set(name, value);
    if (COMMAND_PIECES.has(value.slice(value.lastIndexOf('/') + 1).toLowerCase()) || OPTION.test(value) || SECRET_PATH.test(value))
      values.set(name, value);
  }
  if (text.includes('for')) secretLoopWords(text, values);
  if (values.size === Object.keys(BUILT_IN).length && !/\$\{?(?:SHELL|BASH)\b/.test(text)) return;
  let doneUntil = 0;
  VARIABLE.lastIndex = 0;
  for (let m = VARIABLE.exec(text); m; m = VARIABLE.exec(text)) {
    if (m.index < doneUntil) continue;
    let start = m.index;
    while (start > 0 && m.index - start < MAX_WORD && isIn(RUN_CHAR, text.charCodeAt(start - 1))) start--;
    let end = m.index + 1;
    while (end < text.length && end - m.index < MAX_WORD && isIn(RUN_CHAR, text.charCodeAt(end))) end++;
    doneUntil = end;
    VARIABLE.lastIndex = end;
    const run = text.slice(start, end);
    let unknown = false;
    const expanded = run.replace(
      /\$\{([A-Za-z_]\w{0,30})\}|\$([A-Za-z_]\w{0,30})/g,
      (_, braced: string | undefined, bare: string | undefined) => {
        const value = values.get(braced ?? bare ?? '');
        if (value === undefined) unknown = true;
        return value ?? '';
      },
    );
    // `"$C"` is the same word as `$C`: the quotes go with it.
    const quoted = text[start - 1] === '"' && text[end] === '"';
    // A secret path may start at the home folder (`$HOME/.aws/credentials`); nothing else may stay unexpanded.
    const rest = expanded.replace(/^\$(?:HOME|\{HOME\})\//, '');
    if (!unknown && !/[${}]/.test(rest) && (isCommand(expanded) || OPTION.test(expanded) || SECRET_PATH.test(expanded)))
      out.push({ at: quoted ? start - 1 : start, length: run.length + (quoted ? 2 : 0), by: expanded, kind: 'shell-variable' });
    if (out.length > 2 * MAX_REPLACEMENTS) return;
  }
}

/** `for f in .env .env.local; do … cat "$f"`: the loop variable read as the first secret file it takes. */
function secretLoopWords(text: string, values: Map<string, string>): void {
  LOOP_OVER_WORDS.lastIndex = 0;
  for (let m = LOOP_OVER_WORDS.exec(text); m; m = LOOP_OVER_WORDS.exec(text)) {
    const secret = m[2]!
      .split(/\s{1,4}/)
      .map((w) => w.replace(/^(["'])(.*)\1$/, '$2'))
      .find((w) => SECRET_PATH.test(w));
    if (secret) values.set(m[1]!, secret);
  }
}

/**
 * The text with shell words read the way the shell reads them, where that makes a command:
 * quotes and backslashes inside a word removed (`c"u"rl`, `c\url`), and simple variables
 * expanded (`C=curl; $C`, `${SHELL}`). Undefined when nothing changes.
 */
export function normaliseShellWords(text: string): NormalisedView | undefined {
  return throughSteps(text, [ansiCStrings, shellWordsOf]);
}

/** `$'\x63\x75\x72\x6c'`: bash's ANSI-C quoting spelled entirely as escapes, read as the characters it makes. */
const ANSI_C = /\$'((?:\\(?:x[0-9A-Fa-f]{1,2}|[0-7]{1,3}|u[0-9A-Fa-f]{4}))+)'/g;

function ansiCStrings(text: string): NormalisedView | undefined {
  if (!text.includes("$'\\")) return undefined;
  return replaceEach(
    text,
    ANSI_C,
    (m) => {
      const decoded = m[1]!.replace(
        /\\(?:x([0-9A-Fa-f]{1,2})|([0-7]{1,3})|u([0-9A-Fa-f]{4}))/g,
        (_, hex: string, oct: string, uni: string) => String.fromCharCode(parseInt(hex ?? oct ?? uni, hex ? 16 : oct ? 8 : 16)),
      );
      // Only printable text without line breaks: line numbers stay what they are.
      return /^[\x20-\x7e]+$/.test(decoded) ? `'${decoded}'` : undefined;
    },
    'shell-quoting',
  );
}

function shellWordsOf(text: string): NormalisedView | undefined {
  const found: Replacement[] = [];
  quotedCommandWords(text, found);
  variableCommandWords(text, found);
  if (!found.length) return undefined;
  found.sort((a, b) => a.at - b.at);
  const builder = new ViewBuilder(text);
  let end = 0;
  for (const r of found) {
    if (r.at < end) continue;
    builder.replace(r.at, r.length, r.by, r.kind);
    if (builder.full) break;
    end = r.at + r.length;
  }
  return builder.build();
}
