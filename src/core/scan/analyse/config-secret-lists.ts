import type { RawEvidence } from '../match/match-types.js';
import type { Unit } from '../scan-types.js';
import { unitAt } from './unit-places.js';
import { pushAll } from '../../push-all.js';

/**
 * A skill's own config that lists credential files or secret environment variables for its code to gather
 * (`"build_context": {"files": [".npmrc", "~/.git-credentials"], "env_patterns": ["*_TOKEN"]}`): the code reads
 * "the files the config names" and looks harmless, the config names the secrets. The list is a source of the skill;
 * a skill-scope compound pairs it with the skill's uploads (judge/compounds.ts). A list kept to protect the files
 * (`exclude`, `redact`, `scan`, a worktree's `copy`) names them for the opposite reason and is not read.
 */

/** Credential files: dotenv files (not their examples; R's `.Renviron`), package-registry and git credentials, keys, cloud and cluster configs, histories. */
const SECRET_FILE =
  /(?:^|[/\\])(?:\.env(?:\.(?!example\b|sample\b|template\b|dist\b|defaults?\b)[\w-]{1,20})?|\.(?:npmrc|pypirc|netrc|git-credentials|pgpass|my\.cnf|Renviron)|id_(?:rsa|dsa|ecdsa|ed25519)|\.aws[/\\](?:credentials|config)|\.kube[/\\]config|\.docker[/\\]config\.json|\.config[/\\]gcloud(?:[/\\][\w.-]{0,40})?|\.config[/\\]gh[/\\]hosts\.ya?ml|\.(?:bash|zsh)_history|\.ssh(?:[/\\][\w.*-]{0,40})?|\.gnupg|credentials\.json|\*\.(?:pem|key|p12|pfx))$/;
/** Every dotfile of the home folder (`~/.*rc`, `$HOME/.*`): `.npmrc`, `.netrc` and `.pypirc` among them. */
const HOME_DOTFILES = /^(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE)[/\\]\.\*(?:rc)?$/;
/** A public key is meant to be shared. */
const PUBLIC_KEY = /\.pub$/;
/** A glob over environment variable names that catches secrets in bulk (`*_TOKEN`, `AWS_*`). */
const SECRET_ENV_GLOB =
  /^(?=[A-Z0-9_]{0,40}\*)[A-Z0-9_*]{0,40}(?:TOKEN|KEY|SECRET|PASS|PASSWORD|PASSWD|CRED|CREDENTIALS|AUTH|PAT)[A-Z0-9_*]{0,40}$|^(?:AWS|AZURE|GCP|GOOGLE|GH|GITHUB|NPM|OPENAI|ANTHROPIC|STRIPE|SLACK)_?\*$/;
/** Keys under which a list of secrets protects them, tests for them (or only for whether they exist), or keeps them local. */
const PROTECTIVE_KEY =
  /ignore|exclu|skip|deny|denied|block|forbid|protect|never|redact|mask|scrub|saniti|censor|hid(?:e|den)|private|sensitive|secret|scan|detect|flag|alert|audit|check|lint|guard|watch|rule|allow|safe|ban|blacklist|whitelist|exempt|prevent|warn|risk|danger|suspicious|copy|link|load|dotenv|env_?file|worktree|template|example|gitignore|readonly|read_only|mount|volume|condition|expr|query|match|when|filter|select|detection|where|output|desc|presence|exist/i;

/** A comment that says only the files' existence is used: `# only the EXISTENCE of these files is reported`, `# contents never leave`. */
const EXISTENCE_ONLY =
  /(?:#|\/\/|;)[^\n]{0,200}?\b(?:only\s{1,4}(?:the\s{1,4})?(?:existence|presence)|contents?\s{1,4}(?:never|are\s{1,4}never|is\s{1,4}never)\s{1,4}(?:leaves?|sent|read|uploaded)|never\s{1,4}(?:opened|read)\b)/i;

/** A quoted value, or a YAML list item written bare. */
const VALUE = /"((?:[^"\\\n]|\\.){1,200})"|'([^'\n]{1,200})'|^[ \t]{0,40}-[ \t]{1,4}([^\s#'"][^\s#,]{0,199})[ \t]*$/gm;
/** A key given a bare comma list on its line (`include = ~/.npmrc, ~/.pypirc, .env`, INI-style): its items are values too. */
const BARE_LIST = /^[ \t]{0,40}[\w.-]{1,80}[ \t]{0,4}[=:][ \t]{0,4}([^\s#;'",[{][^\n#;'"[\]{}]{0,2000},[^\n#;'"[\]{}]{0,2000})$/gm;

/** A key given one bare word on its line (`root = ..`, `root: ~/src`, INI- and YAML-style). */
const BARE_VALUE = /^[ \t]{0,40}[\w.-]{1,80}[ \t]{0,4}[=:][ \t]{0,4}([^\s#;'",[{|>&*!%@`][^\s#;'",[\]{}]{0,199})[ \t]*$/gm;

/** Every value of the text, in order: quoted, YAML items, bare words, and the items of bare comma lists. */
export function valuesOf(text: string): { value: string; start: number }[] {
  const out: { value: string; start: number }[] = [];
  VALUE.lastIndex = 0;
  for (let m = VALUE.exec(text); m && out.length < 4 * MAX_LISTED; m = VALUE.exec(text)) {
    const value = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    out.push({ value, start: m.index + m[0].indexOf(value) });
  }
  BARE_VALUE.lastIndex = 0;
  for (let m = BARE_VALUE.exec(text); m && out.length < 5 * MAX_LISTED; m = BARE_VALUE.exec(text))
    out.push({ value: m[1]!, start: m.index + m[0].trimEnd().length - m[1]!.length });
  BARE_LIST.lastIndex = 0;
  for (let m = BARE_LIST.exec(text); m; m = BARE_LIST.exec(text)) {
    let at = m.index + m[0].length - m[1]!.length;
    for (const item of m[1]!.split(',')) {
      const value = item.trim();
      if (value) out.push({ value, start: at + item.indexOf(value) });
      at += item.length + 1;
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** A key on a line: `"files": [`, `files:`, `files =`, `[drafter.build_context]`. */
const KEY_ON_LINE = /"([\w.-]{1,80})"\s{0,4}:|^[ \t]{0,40}([\w.-]{1,80})\s{0,4}[:=]|^[ \t]{0,4}\[{1,2}([\w.\s"-]{1,120})\]{1,2}/gm;

const MAX_LISTED = 50;

function keysOf(line: string, before = line.length): string[] {
  const out: string[] = [];
  KEY_ON_LINE.lastIndex = 0;
  for (let m = KEY_ON_LINE.exec(line); m && m.index < before; m = KEY_ON_LINE.exec(line)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

const indentOf = (line: string) => /^[ \t]*/.exec(line)![0].length;

/** The keys a value sits under: its own line's, then each line above that is less indented (JSON, YAML and TOML alike). */
function keyPath(lines: readonly string[], row: number, column: number): string[] {
  const path = keysOf(lines[row]!, column);
  let indent = indentOf(lines[row]!);
  for (let r = row - 1; r >= 0 && indent > 0 && path.length < 30; r--) {
    const line = lines[r]!;
    if (!line.trim()) continue;
    const own = indentOf(line);
    if (own >= indent) continue;
    indent = own;
    pushAll(path, keysOf(line));
  }
  // TOML's tables sit at the left edge above their keys.
  for (let r = row - 1; r >= 0; r--) {
    const table = /^\s{0,4}\[{1,2}([^\]\n]{1,120})\]{1,2}\s*$/.exec(lines[r]!);
    if (table) {
      path.push(table[1]!);
      break;
    }
  }
  return path;
}

/** The key path of each value, asked for in the order of the values' offsets: the row only moves forward. */
export function keyPathReader(text: string): (start: number) => string[] {
  let lines: string[] | undefined;
  let row = 0;
  let rowStart = 0;
  return (start) => {
    lines ??= text.split('\n');
    for (; row + 1 < lines.length && rowStart + lines[row]!.length + 1 <= start; row++) rowStart += lines[row]!.length + 1;
    return keyPath(lines, row, start - rowStart);
  };
}

/** A flow list of short pieces (`[home, ".", "n", "e", "t", "r", "c"]`): a name a program joins, cut so that no value says it. */
const PIECE_LIST = /\[([^[\]\n]{5,300})\]/g;

/**
 * The names pieced lists make, joined as a program joins them (`[home, ".", "git-", "cred", "entials"]` is
 * `~/.git-credentials`; a leading bare `home` is the home folder, `cwd` the project): three or more pieces, each short.
 */
function piecedNames(text: string): { value: string; start: number }[] {
  if (!text.includes('[')) return [];
  const out: { value: string; start: number }[] = [];
  for (const m of text.matchAll(PIECE_LIST)) {
    const items = m[1]!.split(',').map((item) => item.trim());
    if (items.some((item) => !item || item.length > 20)) continue;
    const quoted = items.filter((item) => /^(["']).*\1$/.test(item)).map((item) => item.slice(1, -1));
    const backwards = reversedSecretName(quoted);
    if (backwards) out.push({ value: backwards, start: m.index + 1 });
    if (items.length < 3 || items.some((item) => item.length > 10) || quoted.length < 3) continue;
    const place = /^["']?(home|~|HOME)["']?$/.test(items[0]!) ? '~/' : '';
    out.push({ value: place + quoted.join(''), start: m.index + 1 });
  }
  return out;
}

/** A credential file's name written backwards, whole or in pieces (`["slaitnederc", "swa"]` is `aws` `credentials`). */
const BACKWARDS_SECRET = /^(?:\.?(?:npmrc|netrc|pypirc|pgpass|git-credentials)|\.?aws[/.]?credentials|id_(?:rsa|ed25519|ecdsa))$/;

/** The home-folder credential file a list of pieces names when read backwards: nothing stores a file name so but to hide it. */
function reversedSecretName(pieces: readonly string[]): string | undefined {
  const backwards = [...pieces.join('')].reverse().join('');
  if (!BACKWARDS_SECRET.test(backwards)) return undefined;
  const name = backwards.replace(/^\./, '');
  return name.startsWith('id_') ? `~/.ssh/${name}` : `~/.${name.replace(/^aws[/.]?/, 'aws/')}`;
}

/** The credential files and secret-variable globs a config file lists for its code, as evidence of a source. */
export function configSecretLists(text: string, units: readonly Unit[]): RawEvidence[] {
  const pieced = piecedNames(text);
  if (
    !pieced.length &&
    !/\.env|\.Renviron|\.npmrc|\.pypirc|\.netrc|credentials|id_|\.ssh|\.aws|\.kube|\.docker|gcloud|hosts\.y|_history|\.gnupg|\*|\.pem|\.key/.test(
      text,
    )
  )
    return [];
  const out: RawEvidence[] = [];
  const pathAt = keyPathReader(text);
  for (const { value, start } of [...valuesOf(text), ...pieced].sort((a, b) => a.start - b.start)) {
    if (out.length >= MAX_LISTED) break;
    const file = (SECRET_FILE.test(value) && !PUBLIC_KEY.test(value)) || HOME_DOTFILES.test(value);
    if (!file && !SECRET_ENV_GLOB.test(value)) continue;
    // A value that is a key of its own (`".env": {…}`) names a setting, not a file to gather.
    if (/^["']?\s{0,4}:/.test(text.slice(start + value.length, start + value.length + 8))) continue;
    const path = pathAt(start);
    if (!path.length || path.some((key) => PROTECTIVE_KEY.test(key))) continue;
    // A comment over the list that says only whether the files exist is reported ("only the EXISTENCE of these files is
    // reported … Contents never leave"): listed to be checked for, not gathered.
    if (EXISTENCE_ONLY.test(text.slice(Math.max(0, text.lastIndexOf('\n', start) - 300), start))) continue;
    out.push({
      rule: 'S005',
      detector: 'config-lists-secrets',
      why: "Lists credential files or secret variables in the skill's config for its code to gather.",
      unit: unitAt(units, start),
      start,
      end: start + value.length,
      matched: value,
      level: 'HIGH',
      capabilities: ['source'],
      evidenceOnly: true,
      detail: `listed under \`${[...path].reverse().join('.')}\``,
    });
  }
  // One settings file of the project alone (`registry_files: [.npmrc]`, read for its registry line) is more often
  // configuration than a harvest; two or more, a dotenv file, or one in the user's home folder (`~/.git-credentials`) are
  // what a collector gathers.
  if (out.length === 1 && !/^(?:~|\$\{?HOME\}?|%USERPROFILE%)|(?:^|[/\\])\.(?:env|Renviron)\b/.test(out[0]!.matched)) return [];
  return out;
}
