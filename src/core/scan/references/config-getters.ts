import type { RepoSnapshot } from '../../snapshot.js';
import { closingParenOf } from '../analyse/sourced-values.js';
import { readConfig } from './locate-config.js';

/**
 * A shell script's values read through a helper that looks a key up in a config file of the repository
 * (`val() { awk … "$cfg"; }` … `base=$(val shared base)`, `get() { grep "^$1=" "$conf" | cut -d= -f2-; }` … `host="$(get HOST)"`,
 * `cfg() { python3 -c "…json.load(open('$CFG'))…"; }` … `WS="$(cd "$REPO/$(cfg "d['workspace']")" && pwd)"`): the value
 * the config holds for that key is what the variable holds, so `find "$base" … -exec rm -rf {} +` with `base = ".."`
 * deletes beside the repository. Only helpers whose body names a config file, and only variables assigned from them.
 */

const CONFIG_FILE = /[\w.-]{0,120}(?:\/[\w.-]{1,120}){0,8}\.(?:json|toml|ya?ml|ini|conf|cfg|env)\b/;
/** The config file's path in a text, leading folder variables (`$REPO/`) taken off. */
const configPathIn = (written: string) => CONFIG_FILE.exec(written.replace(/\$\{?\w{1,40}\}?\//g, ''))?.[0];
/** `name() { …` or `function name { …`, with up to ten lines of body. */
const HELPER =
  /^[ \t]{0,8}(?:function[ \t]{1,4})?([A-Za-z_][\w-]{0,40})[ \t]{0,4}(?:\(\)[ \t]{0,4})?\{([^\n]{0,600}(?:\n(?![ \t]{0,8}\}[ \t]*$)[^\n]{0,600}){0,10})/gm;
const MAX_VALUE = 300;

/** The config file a helper's body reads: named in it, or held by a variable the script sets to one. */
function configOf(body: string, script: string): string | undefined {
  const named = configPathIn(body);
  if (named) return named;
  for (const m of body.matchAll(/\$\{?([A-Za-z_]\w{0,40})\}?/g)) {
    const set = new RegExp(String.raw`(?:^|[\s;])${m[1]}=["']?([^\n;]{1,300})`, 'm').exec(script)?.[1];
    // A variable's default (`"${TRACKER_CONFIG:-tools/tracker.json}"`) is the file it names.
    const path = set ? configPathIn(set.replace(/\$\{\w{1,40}:-/g, '')) : undefined;
    if (path) return path;
  }
  return undefined;
}

/** Every key of a config file with its value (a list as its words): JSON at any depth, or `key = value` lines. */
export function configValues(text: string): Map<string, string> {
  const values = new Map<string, string>();
  const put = (key: string, value: string) => {
    if (!values.has(key) && value.length <= MAX_VALUE) values.set(key, value);
  };
  try {
    const walk = (node: unknown, depth: number): void => {
      if (depth > 8 || typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') put(key, String(value));
        else if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) put(key, value.join(' '));
        else walk(value, depth + 1);
      }
    };
    walk(JSON.parse(text), 0);
    return values;
  } catch {
    // Not JSON: TOML, INI, YAML, env files.
  }
  for (const m of text.matchAll(
    /^[ \t]{0,40}(?:export[ \t]{1,4})?["']?([\w.-]{1,60})["']?[ \t]{0,4}[=:][ \t]{0,4}([^\n#]{1,300}?)[ \t]*(?:#[^\n]{0,300})?$/gm,
  ))
    put(
      m[1]!,
      m[2]!
        .replace(/^\[|\]$/g, '')
        .replace(/["',]/g, ' ')
        .trim()
        .replace(/\s+/g, ' '),
    );
  return values;
}

/** The key a helper's arguments ask for: the last word, or the last `['key']` of an expression. */
function keyOf(args: string): string {
  const indexed = /\[\s{0,4}['"]([\w.-]{1,60})['"]\s{0,4}\]\s{0,4}["']?\s{0,4}$/.exec(args)?.[1];
  return (
    indexed ??
    args
      .trim()
      .split(/\s+/)
      .pop()!
      .replace(/^["']|["']$/g, '')
  );
}

/** The variables `script` (at `path`) assigns from a config helper, with the values the config holds for their keys. */
export async function configGetterValues(snapshot: RepoSnapshot, path: string, script: string): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  const configs = new Map<string, Map<string, string> | undefined>();
  await inlineGetterValues(snapshot, path, script, configs, values);
  if (!script.includes('()') && !script.includes('function')) return values;
  for (const helper of script.matchAll(HELPER)) {
    const name = helper[1]!;
    const config = configOf(helper[2]!, script);
    if (!config) continue;
    const calls = [
      ...script.matchAll(
        new RegExp(String.raw`(?:^|[\s;])([A-Za-z_]\w{0,40})=["']?[^\n;]{0,200}?\$\(\s{0,4}${name}\s{1,4}([^()\n]{1,200})\)`, 'gm'),
      ),
    ];
    if (!calls.length) continue;
    if (!configs.has(config)) {
      const read = await readConfig(snapshot, path, config);
      configs.set(config, read ? configValues(read.text) : undefined);
    }
    const read = configs.get(config);
    if (!read) continue;
    for (const call of calls) {
      const value = read.get(keyOf(call[2]!));
      if (value === undefined || values.has(call[1]!)) continue;
      // The variable holds the whole assignment with the call read (`"$(cd "$REPO/$(cfg …)" && pwd)"` keeps its `cd … && pwd`).
      const assigned = new RegExp(String.raw`(?:^|[\s;])${call[1]}=(["']?)([^\n;]{0,300})`, 'm').exec(script);
      const whole = assigned?.[2]?.replace(new RegExp(String.raw`\$\(\s{0,4}${name}\s{1,4}[^()\n]{1,200}\)`), value);
      values.set(call[1]!, (whole ?? value).replace(/^["']|["']$/g, ''));
    }
  }
  return values;
}

/** `d=$(python3 -c '…json.load(open(sys.argv[1]))["dir"]' "$p")`, `host=$(jq -r '.report.host' cfg.json)`: a getter written inline. */
const INLINE_GETTER = /(?:^|[\s;])([A-Za-z_]\w{0,40})=["']?\$\(\s{0,4}(?=(?:python3?|jq|yq|node)\s)/gm;

/** The command of a `$(…)` whose text starts at `from`: up to its closing parenthesis, quoted ones not counted. */
function substitutionFrom(script: string, from: number): string | undefined {
  const close = closingParenOf(script, from, from + 800);
  return close < 0 ? undefined : script.slice(from, close);
}

/** The key an inline getter reads: a jq or yq filter's last name, a Node access's last name, or the last `["key"]` of the Python code. */
function inlineKey(command: string): string | undefined {
  if (/^(?:jq|yq)\s/.test(command)) return /['"]?\.(?:[\w-]{1,60}\.){0,8}([\w-]{1,60})['"]?(?=\s)/.exec(command)?.[1];
  // `node -p "require('./package.json').config.relay"`: the last name of the access after the file is loaded.
  if (/^node\s/.test(command))
    return /\b(?:require|readFileSync)\s{0,4}\([^)]{1,200}\)\)?(?:\.[\w$]{1,60}|\[['"][\w.-]{1,60}['"]\]){0,8}?(?:\.([\w$]{1,60})|\[['"]([\w.-]{1,60})['"]\])(?![\w$.[])/
      .exec(command)
      ?.slice(1)
      .find(Boolean);
  return [...command.matchAll(/\[\s{0,4}['"]([\w.-]{1,60})['"]\s{0,4}\]/g)].pop()?.[1];
}

/** A getter written inline (`$(jq …)`, `$(yq …)`, `$(python3 …)`, `$(node -p …)`): the shape `inlineGetterValues` reads. */
const INLINE_GETTER_CALL = /\$\(\s{0,4}(?:python3?|jq|yq|node)\s/;

/**
 * Whether `configGetterValues` can find anything in a text: an inline getter, or a shell function that may be one. A
 * caller that would read a file again only to ask (a document's blocks) asks this of the text it already has.
 */
export function mayReadConfigValues(text: string): boolean {
  if (INLINE_GETTER_CALL.test(text)) return true;
  if (!text.includes('()') && !text.includes('function')) return false;
  HELPER.lastIndex = 0;
  return HELPER.test(text);
}

async function inlineGetterValues(
  snapshot: RepoSnapshot,
  path: string,
  script: string,
  configs: Map<string, Map<string, string> | undefined>,
  values: Map<string, string>,
): Promise<void> {
  if (!INLINE_GETTER_CALL.test(script)) return;
  for (const m of script.matchAll(INLINE_GETTER)) {
    const name = m[1]!;
    const command = substitutionFrom(script, m.index + m[0].length);
    const key = command && inlineKey(command);
    const config = command && configOf(command, script);
    if (!key || !config || values.has(name)) continue;
    if (!configs.has(config)) {
      const read = await readConfig(snapshot, path, config);
      configs.set(config, read ? configValues(read.text) : undefined);
    }
    const value = configs.get(config)?.get(key);
    if (value !== undefined) values.set(name, value);
  }
}
