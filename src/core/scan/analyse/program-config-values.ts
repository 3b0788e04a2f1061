import type { VirtualText } from '../surfaces/launch-units.js';

/**
 * A program (Node, Python, Ruby) read with the values of a config file it loads by a literal path in place of its
 * uses: `cfg.report.host`, `a["mirror"]`, `p.host.join('.')`, `'.'.join(a['mirror'])`, a loop's item. The decisive
 * value of an act (the host data goes to, the files read, the program run) kept in `doctor.config.json` is the
 * program's, and `https.request({ host: cfg.report.host, method: 'POST' })` reads as the request it makes.
 */

/** A config file's path written in a program. */
const CONFIG_NAME = /^[^'"`\n]{0,200}\.(?:json|ya?ml)$/i;
/** Words of a statement that parses a config (JSON, YAML) or loads one as a module. */
const PARSES =
  /\bJSON\.parse\b|\bjson\.loads?\b|\byaml\.(?:safe_|full_|unsafe_)?load\b|\bYAML\.(?:load_file|safe_load|load|parse)\b|\bJSON\.(?:load_file|parse)\b|\brequire\s{0,4}\(|\bimport\b|\bparse(?:Yaml|YAML)?\s{0,4}\(|\bload\s{0,4}\(/;
/** `const cfg = …`, `cfg = …`, `let { report } = …` on one line. */
const ASSIGNMENT =
  /^[ \t]{0,40}(?:export[ \t]{1,4})?(?:(?:const|let|var)[ \t]{1,4})?([A-Za-z_$][\w$]{0,40}|\{[\w$, \t]{1,200}\})[ \t]{0,4}(?::[^=\n]{1,80})?=(?!=)[ \t]{0,4}([^\n]{1,400})$/gm;
/** `import cfg from './x.json'` (with or without an import attribute). */
const IMPORT = /^[ \t]{0,8}import[ \t]{1,4}([A-Za-z_$][\w$]{0,40})[ \t]{1,4}from[ \t]{1,4}(['"])([^'"\n]{1,200}\.json)\2/gm;
/** `with open(path) as f:`, `f = open(path)`, `File.open(path) do |f|`: a handle on the file at `path`. */
const HANDLE =
  /\bopen\s{0,4}\(([^\n]{1,300}?)\)[^\n]{0,40}?\bas[ \t]{1,4}([A-Za-z_]\w{0,40})|\b([A-Za-z_]\w{0,40})[ \t]{0,4}=[ \t]{0,4}open\s{0,4}\(([^\n]{1,300}?)\)/g;
const LITERAL = /(['"`])((?:(?!\1)[^\\\n]){0,200})\1/g;
/** Literals that say how a file is read, not which. */
const READ_MODE = /^(?:utf-?8|utf8|latin-?1|ascii|r|rb|rt|r\+|encoding)$/i;

/** One step of an access: `.key`, `["key"]`, `[0]`, `.get("key")`, `.get("key", default)`, Ruby's `.fetch("key")`. */
const STEP = String.raw`(?:\??\.[A-Za-z_$][\w$]{0,60}(?![\w$(])|\[\s{0,2}(?:'[\w.-]{1,60}'|"[\w.-]{1,60}"|\d{1,3})\s{0,2}\]|\.(?:get|fetch)\(\s{0,2}['"][\w.-]{1,60}['"]\s{0,2}(?:,[^()\n]{0,40})?\))`;
/** The part of a parsed config a statement keeps (`yaml.load(…).lintkit`). */
const TAKEN = new RegExp(String.raw`\)((?:${STEP}){1,6})[ \t]{0,4};?[ \t]*$`);
const STEP_PARTS =
  /\.(?:get|fetch)\(\s{0,2}['"]([\w.-]{1,60})['"][^()\n]{0,44}\)|\??\.([A-Za-z_$][\w$]{0,60})|\[\s{0,2}['"]?([\w.-]{1,60})['"]?\s{0,2}\]/g;

const MAX_BINDINGS = 40;
/** Entries of a configured list a program is read with, one reading each: the act may sit in any of them. */
export const MAX_ITEMS_READ = 8;
const MAX_REPLACEMENTS = 500;
const MAX_VALUE = 300;

/** A config file a program loads into a variable: the variable, the path as written (literal parts joined), the part taken. */
export interface ConfigLoad {
  name: string;
  written: string;
  /** The access to the part the variable holds (`yaml.load(…).lintkit`, `const { report } = …`). */
  steps?: string;
}

/** The literal path parts of an expression up to its config file's name (`HERE / "config" / "render.json"` → `config/render.json`). */
function writtenPath(expression: string): string | undefined {
  const parts: string[] = [];
  for (const m of expression.matchAll(LITERAL)) {
    const literal = m[2]!;
    // An environment variable's name (`os.environ.get("INDEX_CONFIG", "tools/index.json")`) is no part of the path.
    if (READ_MODE.test(literal) || literal.includes('${') || literal.includes('{') || /^[A-Z][A-Z0-9_]{2,60}$/.test(literal)) continue;
    parts.push(literal);
    if (CONFIG_NAME.test(literal)) return parts.join('/').replace(/\/{2,}/g, '/');
  }
  return undefined;
}

/** The config files a program loads into variables, by the path it writes. */
export function configLoads(text: string): ConfigLoad[] {
  if (!/\.(?:json|ya?ml)\b/i.test(text)) return [];
  const loads: ConfigLoad[] = [];
  const handles = new Map<string, string>();
  for (const m of text.matchAll(HANDLE)) {
    const written = writtenPath(m[1] ?? m[4]!);
    if (written) handles.set(m[2] ?? m[3]!, written);
  }
  for (const m of text.matchAll(IMPORT)) loads.push({ name: m[1]!, written: m[3]! });
  const assignments = [...text.matchAll(ASSIGNMENT)];
  // Names set to a config file's path (`CFG = pathlib.Path(".release/config.json")`), read by a later statement.
  const paths = new Map<string, string>();
  for (const m of assignments) {
    const written = PARSES.test(m[2]!) ? undefined : writtenPath(m[2]!);
    if (written && !m[1]!.startsWith('{')) paths.set(m[1]!, written);
  }
  for (const m of assignments) {
    const right = m[2]!;
    if (!PARSES.test(right)) continue;
    const handle = /\bload\s{0,4}\(\s{0,4}([A-Za-z_]\w{0,40})\s{0,4}[,)]/.exec(right)?.[1];
    const named = [...right.matchAll(/(?<![\w$.'"])([A-Za-z_$][\w$]{0,40})(?![\w$'"])/g)].find((n) => paths.has(n[1]!))?.[1];
    const written = writtenPath(right) ?? (handle ? handles.get(handle) : undefined) ?? (named ? paths.get(named) : undefined);
    if (!written) continue;
    const steps = TAKEN.exec(right)?.[1];
    for (const name of names(m[1]!))
      loads.push({ name, written, ...(name === m[1] ? (steps ? { steps } : {}) : { steps: `${steps ?? ''}.${name}` }) });
  }
  return loads;
}

/** The names an assignment binds: one, or the keys a destructuring takes (`{ report, checks }`). */
function names(left: string): string[] {
  return left.startsWith('{')
    ? left
        .slice(1, -1)
        .split(',')
        .map((n) =>
          n
            .trim()
            .split(/\s*:\s*/)
            .pop()!,
        )
        .filter(Boolean)
    : [left];
}

/** The value an access path reaches in a parsed config. */
export function reach(value: unknown, steps: string): unknown {
  let at = value;
  for (const m of steps.matchAll(STEP_PARTS)) {
    const key = m[1] ?? m[2] ?? m[3]!;
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

const primitive = (v: unknown): v is string | number | boolean => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const listOfPrimitives = (v: unknown): v is (string | number | boolean)[] => Array.isArray(v) && v.length > 0 && v.every(primitive);
const escape = (s: string) => s.replace(/[$.*+?^()[\]{}|\\]/g, '\\$&');

/** `pkg.releaseNotes ?? {}`, `(cfg.auth || [])`: an empty default the config's value replaces. */
const OR_EMPTY = String.raw`(?:[ \t]{0,4}(?:\?\?|\|\|)[ \t]{0,4}(?:\{[ \t]{0,2}\}|\[[ \t]{0,2}\]))?`;

/**
 * What each name holds: the loaded configs, names set to a part of one (`a = CFG["assets"]`), and a loop's item over a
 * list of one (`for (const p of providers)`, `for f in cfg["files"]:`, `cfg.targets.forEach((t) =>`): the list of words
 * itself, or its `item`-th entry (the program is read once per entry, up to {@link MAX_ITEMS_READ}).
 */
function bindings(text: string, loaded: ReadonlyMap<string, unknown>, item: number): Map<string, unknown> {
  const bound = new Map(loaded);
  for (let pass = 0; pass < 3 && bound.size < MAX_BINDINGS; pass++) {
    const before = bound.size;
    const known = [...bound.keys()].map(escape).join('|');
    const access = String.raw`(?<![\w$.])(${known})(?![\w$])((?:${STEP}){0,6})`;
    const patterns = [
      new RegExp(
        String.raw`^[ \t]{0,40}(?:(?:const|let|var)[ \t]{1,4})?([A-Za-z_$][\w$]{0,40})[ \t]{0,4}=[ \t]{0,4}${access}${OR_EMPTY}[ \t]{0,4};?[ \t]*$`,
        'gm',
      ),
      new RegExp(String.raw`\bfor\s{0,4}\(\s{0,4}(?:const|let|var)\s{1,4}([A-Za-z_$][\w$]{0,40})\s{1,4}of\s{1,4}${access}\s{0,4}\)`, 'g'),
      new RegExp(String.raw`\bfor[ \t]{1,4}([A-Za-z_]\w{0,40})[ \t]{1,4}in[ \t]{1,4}${access}[ \t]{0,4}:`, 'g'),
      new RegExp(
        String.raw`\(?[ \t]{0,4}${access}${OR_EMPTY}[ \t]{0,4}\)?\.(?:forEach|map|flatMap|filter|some|every|each)\s{0,4}(?:\(\s{0,4}(?:async\s{1,4})?\(?\s{0,4}|\s{0,4}(?:do|\{)\s{0,4}\|)([A-Za-z_$][\w$]{0,40})`,
        'g',
      ),
      // `for (const [id, p] of Object.entries(cfg.providers))`, `for id, p in cfg["providers"].items():`: a map's entries.
      new RegExp(
        String.raw`\bfor\s{0,4}\(\s{0,4}(?:const|let|var)\s{1,4}\[\s{0,4}[A-Za-z_$][\w$]{0,40}\s{0,4},\s{0,4}([A-Za-z_$][\w$]{0,40})\s{0,4}\]\s{1,4}of\s{1,4}Object\.entries\s{0,4}\(\s{0,4}${access}\s{0,4}\)\s{0,4}\)|\bfor[ \t]{1,4}[A-Za-z_]\w{0,40}[ \t]{0,4},[ \t]{0,4}([A-Za-z_]\w{0,40})[ \t]{1,4}in[ \t]{1,4}${access}\.items\(\)[ \t]{0,4}:`,
        'g',
      ),
      // `const s = live && p.smoke ? p.smoke : { … }`: the branch a condition picks, read as set.
      new RegExp(
        String.raw`^[ \t]{0,40}(?:(?:const|let|var)[ \t]{1,4})?([A-Za-z_$][\w$]{0,40})[ \t]{0,4}=[^?\n=]{1,120}\?[ \t]{0,4}${access}[ \t]{0,4}:`,
        'gm',
      ),
      // Python's pairs: `pv, ctx = CFG["preview"], context()` and `ctx, pv = context(), CFG["preview"]`.
      new RegExp(
        String.raw`^[ \t]{0,40}([A-Za-z_]\w{0,40})[ \t]{0,4},[ \t]{0,4}[A-Za-z_]\w{0,40}[ \t]{0,4}=[ \t]{0,4}${access}[ \t]{0,4},`,
        'gm',
      ),
      new RegExp(
        String.raw`^[ \t]{0,40}[A-Za-z_]\w{0,40}[ \t]{0,4},[ \t]{0,4}([A-Za-z_]\w{0,40})[ \t]{0,4}=[ \t]{0,4}[^,\n]{1,120},[ \t]{0,4}${access}[ \t]*$`,
        'gm',
      ),
    ];
    patterns.forEach((re, i) => {
      for (const m of text.matchAll(re)) {
        const [name, source, steps] =
          i === 3 ? [m[3]!, m[1]!, m[2]!] : i === 4 ? [m[1] ?? m[4]!, m[2] ?? m[5]!, m[3] ?? m[6]!] : [m[1]!, m[2]!, m[3]!];
        if (bound.has(name) || bound.size >= MAX_BINDINGS) continue;
        const reached = reach(bound.get(source), steps);
        // A map's entries are its values, in order.
        const value = i === 4 && reached && typeof reached === 'object' && !Array.isArray(reached) ? Object.values(reached) : reached;
        // A loop over a list of words holds each of them: read as the list (`expanduser(["CHANGELOG.md", "~/.npmrc"])`).
        const held =
          i === 0 || i >= 5 || listOfPrimitives(value) ? value : Array.isArray(value) ? value[Math.min(item, value.length - 1)] : undefined;
        if (held !== undefined && (typeof held === 'object' || (i > 0 && primitive(held)))) bound.set(name, held);
      }
    });
    if (bound.size === before) break;
  }
  return bound;
}

/** The program with the values its configs hold in place of their uses, mapped back to it (null when nothing is replaced). */
export function withConfigValues(
  text: string,
  loaded: ReadonlyMap<string, unknown>,
  item = 0,
): Pick<VirtualText, 'text' | 'pieces'> | null {
  if (!loaded.size) return null;
  const bound = bindings(text, loaded, item);
  const known = [...bound.keys()].map(escape).join('|');
  const USE = new RegExp(
    // A spread (`...cfg.include`) is a use; a property of something else (`x.cfg`) is not.
    String.raw`(?:(['"])([^'"\n]{0,8})\1\.join\(\s{0,2})?(?<![\w$])(?<!(?<!\.\.)\.)(${known})(?![\w$])((?:${STEP}){0,6})(?:\.join\(\s{0,2}(['"])([^'"\n]{0,8})\5\s{0,2}\))?`,
    'g',
  );
  let out = '';
  const pieces: [number, number][] = [[0, 0]];
  let last = 0;
  let replaced = 0;
  for (const m of text.matchAll(USE)) {
    let start = m.index;
    let end = start + m[0].length;
    const pythonJoin = m[1] !== undefined;
    if (pythonJoin) {
      if (text[end] !== ')') continue;
      end++;
    }
    // The name where it is bound (`const p of`, `p =`) stays.
    if (
      /\b(?:const|let|var|for)\s{1,4}$/.test(text.slice(Math.max(0, start - 12), start)) ||
      /^\s{0,4}(?:=(?!=)|in\b|of\b)/.test(text.slice(end, end + 6))
    )
      continue;
    let value = reach(bound.get(m[3]!), m[4]!);
    const separator = m[2] ?? m[6];
    if (separator !== undefined && listOfPrimitives(value)) value = value.join(separator);
    let replacement: string;
    // In a template or an f-string, the placeholder is the value's own text.
    const placeholder = text.slice(start - 2, start) === '${' ? 2 : text[start - 1] === '{' && text[start - 2] !== '{' ? 1 : 0;
    if (primitive(value) && placeholder && text[end] === '}') {
      start -= placeholder;
      end++;
      replacement = String(value);
    } else if (primitive(value)) replacement = typeof value === 'string' ? JSON.stringify(value) : String(value);
    else if (listOfPrimitives(value)) replacement = JSON.stringify(value);
    else continue;
    if (start < last || replacement.length > MAX_VALUE) continue;
    out += text.slice(last, start);
    pieces.push([out.length, start]);
    out += replacement;
    last = end;
    pieces.push([out.length, last]);
    if (++replaced >= MAX_REPLACEMENTS) break;
  }
  if (!replaced) return null;
  out += text.slice(last);
  return { text: out, pieces };
}
