import { readJson, type JsonDocument, type JsonPath, type ReadMembers } from '../../json/read-json.js';
import { emptyEntry, located, type EnvEntry, type LaunchEntry, type LaunchFile, type Located } from './launch-entry.js';

/** Deeper than this is not a config a client reads, and is not parsed. */
const MAX_DEPTH = 64;
/** Settings keys whose value is a command Claude Code runs. */
const SETTINGS_COMMANDS = ['apiKeyHelper', 'awsAuthRefresh', 'awsCredentialExport', 'otelHeadersHelper'];
/** Settings keys whose value changes what the agent trusts. */
const SETTINGS_FLAGS = ['enableAllProjectMcpServers', 'disableAllHooks', 'includeCoAuthoredBy'];
/** npm lifecycle scripts: `npm install` (which a skill tells the agent to run) runs them with no further step. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'preprepare', 'prepare', 'postprepare'];
/** Scripts of one package.json read as commands; a real one has a few dozen. */
const MAX_PACKAGE_SCRIPTS = 100;
/** A package script's use of its package's config (`$npm_package_config_mirror`, `${npm_package_config_mode}`). */
const PACKAGE_CONFIG_USE = /\$\{?npm_package_config_(\w{1,60})\}?/g;

/** A script with each use of the package's config read as the value the config gives, each part at its place. */
function withPackageConfig(command: Located, config: JsonObject): Located {
  if (!command.value.includes('npm_package_config_')) return command;
  const parts: Located[] = [];
  let last = 0;
  for (const m of command.value.matchAll(PACKAGE_CONFIG_USE)) {
    const value = config[m[1]!];
    if (!isScalar(value)) continue;
    parts.push(located(command.value.slice(last, m.index), command.offset + last));
    parts.push(located(String(value), command.offset + m.index));
    last = m.index + m[0].length;
  }
  if (!parts.length) return command;
  parts.push(located(command.value.slice(last), command.offset + last));
  return { value: parts.map((p) => p.value).join(''), offset: command.offset, parts };
}

/** Remote server address keys, in the order clients prefer them. */
const URL_KEYS = ['url', 'serverUrl', 'httpUrl'];

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Reads values and their places out of one document. */
class LaunchReader {
  constructor(private readonly doc: JsonDocument) {}

  /** A string value with the offset of its first character (after the quote). */
  str(path: JsonPath, value: unknown): Located | undefined {
    const span = typeof value === 'string' ? this.doc.spanOf(path) : undefined;
    return span ? located(value as string, span.start + 1) : undefined;
  }

  /** A scalar written as text (`true`, `3`), for flags and arguments. */
  scalar(path: JsonPath, value: unknown): Located | undefined {
    if (typeof value === 'string') return this.str(path, value);
    const span = isScalar(value) ? this.doc.spanOf(path) : undefined;
    return span ? located(String(value), span.start) : undefined;
  }

  /** Key offset + 1: the first character of the key's text. */
  key(path: JsonPath): Located | undefined {
    const offset = this.doc.keyOffsetOf(path);
    return offset === undefined ? undefined : located(String(path[path.length - 1]), offset + 1);
  }

  /** The object's keys in file order. */
  keysInFileOrder(path: JsonPath, object: JsonObject): string[] {
    const at = (key: string) => this.doc.keyOffsetOf([...path, key]) ?? 0;
    return Object.keys(object)
      .map((key) => [key, at(key)] as const)
      .sort((a, b) => a[1] - b[1])
      .map(([key]) => key);
  }

  pairs(path: JsonPath, value: unknown): EnvEntry[] {
    if (!isObject(value)) return [];
    return this.keysInFileOrder(path, value).flatMap((k) => {
      const key = this.key([...path, k]);
      const scalar = this.scalar([...path, k], value[k]);
      return key && scalar ? [{ key, value: scalar }] : [];
    });
  }

  server(path: JsonPath, body: unknown): LaunchEntry | undefined {
    if (!isObject(body)) return undefined;
    const name = this.key(path);
    const span = this.doc.spanOf(path);
    if (!name || !span) return undefined;
    const entry = emptyEntry('mcp-server', name, name.offset - 1, span.end);
    const command = this.str([...path, 'command'], body.command);
    if (command) entry.command.push(command);
    if (Array.isArray(body.args))
      body.args.forEach((a, i) => {
        const arg = this.scalar([...path, 'args', i], a);
        if (arg) entry.command.push(arg);
      });
    for (const key of URL_KEYS) entry.url ??= this.str([...path, key], body[key]);
    if (!entry.url) delete entry.url;
    entry.env = this.pairs([...path, 'env'], body.env);
    entry.headers = this.pairs([...path, 'headers'], body.headers);
    return entry.command.length || entry.url ? entry : undefined;
  }

  hookEntries(hooks: unknown, out: LaunchEntry[]): void {
    if (!isObject(hooks)) return;
    for (const event of this.keysInFileOrder(['hooks'], hooks)) {
      const name = this.key(['hooks', event]);
      const groups = hooks[event];
      if (!name || !Array.isArray(groups)) continue;
      // A matcher group holds `hooks: [...]`; a bare item is a hook itself. Two levels, no recursion.
      groups.forEach((group: unknown, g) => {
        const groupPath = ['hooks', event, g];
        const inner = isObject(group) ? group.hooks : undefined;
        const items: [JsonPath, unknown][] = Array.isArray(inner)
          ? inner.map((item: unknown, i) => [[...groupPath, 'hooks', i], item])
          : [[groupPath, group]];
        for (const [itemPath, item] of items) {
          const command = isObject(item) ? this.str([...itemPath, 'command'], item.command) : undefined;
          const span = this.doc.spanOf(itemPath);
          if (!command || !span) continue;
          const entry = emptyEntry('hook', name, span.start, span.end);
          entry.command.push(command);
          out.push(entry);
        }
      });
    }
  }

  /**
   * package.json's scripts: install-time ones as hooks (`npm install` runs them with no further step), the others as the
   * commands `npm run <name>` runs, each with `$npm_package_config_<key>` read as the package's `config` value.
   */
  packageScripts(root: JsonObject, out: LaunchEntry[]): void {
    if (!isObject(root.scripts)) return;
    const config = isObject(root.config) ? root.config : {};
    for (const key of this.keysInFileOrder(['scripts'], root.scripts).slice(0, MAX_PACKAGE_SCRIPTS)) {
      const command = this.str(['scripts', key], root.scripts[key]);
      const span = command ? this.doc.spanOf(['scripts', key]) : undefined;
      const name = this.key(['scripts', key]);
      if (!command || !span || !name) continue;
      const entry = emptyEntry(INSTALL_SCRIPTS.includes(key) ? 'hook' : 'script', name, name.offset - 1, span.end);
      entry.command.push(withPackageConfig(command, config));
      out.push(entry);
    }
  }

  settingsEntries(root: JsonObject, out: LaunchEntry[]): void {
    const envSpan = root.env !== undefined ? this.doc.spanOf(['env']) : undefined;
    if (envSpan) {
      const entry = emptyEntry('setting', located('env', envSpan.start), envSpan.start, envSpan.end);
      entry.env = this.pairs(['env'], root.env);
      out.push(entry);
    }
    const rootSpan = this.doc.spanOf([])!;
    const flags = emptyEntry('setting', located('flags', rootSpan.start), rootSpan.start, rootSpan.end);
    for (const key of SETTINGS_FLAGS) {
      const value = this.scalar([key], root[key]);
      const name = this.key([key]);
      if (value && name) flags.env.push({ key: name, value });
    }
    if (flags.env.length) out.push(flags);
    const statusLine = root.statusLine;
    const commands: [string, JsonPath, unknown][] = [
      ...SETTINGS_COMMANDS.map((k): [string, JsonPath, unknown] => [k, [k], root[k]]),
      ['statusLine', ['statusLine', 'command'], isObject(statusLine) ? statusLine.command : undefined],
    ];
    for (const [key, path, value] of commands) {
      const command = this.str(path, value);
      const span = command ? this.doc.spanOf(path) : undefined;
      if (!command || !span) continue;
      const entry = emptyEntry('setting', located(key, span.start), span.start, span.end);
      entry.command.push(command);
      out.push(entry);
    }
  }
}

export interface LaunchJsonOptions {
  /** `servers` (VS Code's key) counts: the file is an MCP config by name, or sits in a skill or plugin folder. */
  servers: boolean;
  /** Claude Code / Gemini settings: `env`, commands and flags count. */
  settings: boolean;
  /** package.json: its install-time scripts count, each as a hook. */
  packageScripts?: boolean;
  /** Servers read per server map: members past the one that makes this many are skipped unparsed (the caller reads no more). */
  maxServers?: number;
}

/** Whether a server value launches something: a command, arguments or a remote address. */
function isServer(body: unknown): boolean {
  if (!isObject(body)) return false;
  return (
    typeof body.command === 'string' ||
    (Array.isArray(body.args) && body.args.some(isScalar)) ||
    URL_KEYS.some((key) => typeof body[key] === 'string')
  );
}

/** Whether a server map should take another member: fewer than `max` of those read so far are servers. */
function serverCounter(max: number): (members: ReadMembers, path: JsonPath) => boolean {
  const seen = new Map<string, { examined: number; servers: number }>();
  return (members, path) => {
    const key = path.join('\0');
    const count = seen.get(key) ?? { examined: 0, servers: 0 };
    for (; count.examined < members.length; count.examined++) if (isServer(members.value(count.examined))) count.servers++;
    seen.set(key, count);
    return count.servers < max;
  };
}

/**
 * JSON (comments and trailing commas allowed, as clients accept them) → the MCP servers,
 * hooks and settings commands it declares. Never throws; a file too deep to be a config, or
 * one that is not an object, declares nothing; a broken one declares what it holds as far as it parses.
 */
export function readLaunchJson(text: string, options: LaunchJsonOptions): LaunchFile {
  const serverMapKeys = ['mcpServers', 'mcp_servers', ...(options.servers ? ['servers'] : [])];
  const bound =
    options.maxServers === undefined
      ? undefined
      : {
          isBounded: (path: JsonPath) => path.length === 1 && serverMapKeys.includes(path[0] as string),
          keep: serverCounter(options.maxServers),
        };
  const read = readJson(text, { dialect: 'jsonc', maxDepth: MAX_DEPTH, ...(bound ? { bound } : {}) });
  const problem = read.ok ? undefined : { offset: read.error.offset, message: read.error.message };
  const doc = read.doc;
  if (!doc || !isObject(doc.value)) return { entries: [], problem };
  const root = doc.value;
  const reader = new LaunchReader(doc);
  const entries: LaunchEntry[] = [];
  for (const mapKey of serverMapKeys) {
    const map = root[mapKey];
    if (!isObject(map)) continue;
    for (const name of reader.keysInFileOrder([mapKey], map)) {
      const entry = reader.server([mapKey, name], map[name]);
      if (entry) entries.push(entry);
    }
  }
  reader.hookEntries(root.hooks, entries);
  if (options.settings) reader.settingsEntries(root, entries);
  if (options.packageScripts) reader.packageScripts(root, entries);
  return { entries, problem, ...(doc.skipped ? { skipped: doc.skipped } : {}) };
}
