import { printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { emptyEntry, located, type EnvEntry, type LaunchEntry, type LaunchFile, type Located } from './launch-entry.js';
import { parseLaunchTree } from './parse-launch-tree.js';

/** jsonc-parser descends recursively: deeper than this is not a config a client reads, and is not parsed. */
const MAX_DEPTH = 64;
/** Settings keys whose value is a command Claude Code runs. */
const SETTINGS_COMMANDS = ['apiKeyHelper', 'awsAuthRefresh', 'awsCredentialExport', 'otelHeadersHelper'];
/** Settings keys whose value changes what the agent trusts. */
const SETTINGS_FLAGS = ['enableAllProjectMcpServers', 'disableAllHooks', 'includeCoAuthoredBy'];

function tooDeep(text: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > MAX_DEPTH) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return undefined;
}

function property(node: Node | undefined, key: string): Node | undefined {
  if (node?.type !== 'object') return undefined;
  for (const p of node.children ?? []) if (p.children?.[0]?.value === key) return p.children[1];
  return undefined;
}

function properties(node: Node | undefined): [Node, Node][] {
  if (node?.type !== 'object') return [];
  return (node.children ?? []).flatMap((p) => (p.children?.length === 2 ? [[p.children[0]!, p.children[1]!] as [Node, Node]] : []));
}

/** A string value with the offset of its first character (after the quote). */
function str(node: Node | undefined): Located | undefined {
  return node?.type === 'string' ? located(String(node.value), node.offset + 1) : undefined;
}

/** A scalar written as text (`true`, `3`), for flags. */
function scalar(node: Node | undefined): Located | undefined {
  if (!node || (node.type !== 'string' && node.type !== 'boolean' && node.type !== 'number')) return undefined;
  return node.type === 'string' ? str(node) : located(String(node.value), node.offset);
}

function pairs(node: Node | undefined): EnvEntry[] {
  return properties(node).flatMap(([k, v]) => {
    const value = scalar(v);
    return value ? [{ key: located(String(k.value), k.offset + 1), value }] : [];
  });
}

function server(nameNode: Node, body: Node): LaunchEntry | undefined {
  if (body.type !== 'object') return undefined;
  const entry = emptyEntry('mcp-server', located(String(nameNode.value), nameNode.offset + 1), nameNode.offset, body.offset + body.length);
  const command = str(property(body, 'command'));
  if (command) entry.command.push(command);
  const args = property(body, 'args');
  if (args?.type === 'array')
    for (const a of args.children ?? []) {
      const arg = scalar(a);
      if (arg) entry.command.push(arg);
    }
  entry.url = str(property(body, 'url')) ?? str(property(body, 'serverUrl')) ?? str(property(body, 'httpUrl'));
  entry.env = pairs(property(body, 'env'));
  entry.headers = pairs(property(body, 'headers'));
  return entry.command.length || entry.url ? entry : undefined;
}

function hookEntries(hooks: Node | undefined, out: LaunchEntry[]): void {
  for (const [event, groups] of properties(hooks)) {
    const name = located(String(event.value), event.offset + 1);
    const pending: Node[] = groups.type === 'array' ? [...(groups.children ?? [])] : [];
    // A matcher group holds `hooks: [...]`; a bare item is a hook itself. Two levels, no recursion.
    for (const group of pending) {
      const inner = property(group, 'hooks');
      const items = inner?.type === 'array' ? (inner.children ?? []) : [group];
      for (const item of items) {
        const command = str(property(item, 'command'));
        if (!command) continue;
        const entry = emptyEntry('hook', name, item.offset, item.offset + item.length);
        entry.command.push(command);
        out.push(entry);
      }
    }
  }
}

function settingsEntries(root: Node, out: LaunchEntry[]): void {
  const env = property(root, 'env');
  if (env) {
    const entry = emptyEntry('setting', located('env', env.offset), env.offset, env.offset + env.length);
    entry.env = pairs(env);
    out.push(entry);
  }
  const flags = emptyEntry('setting', located('flags', root.offset), root.offset, root.offset + root.length);
  for (const key of SETTINGS_FLAGS) {
    const node = property(root, key);
    const value = scalar(node);
    if (node && value) flags.env.push({ key: located(key, node.parent!.offset + 1), value });
  }
  if (flags.env.length) out.push(flags);
  const commands: [string, Node | undefined][] = [
    ...SETTINGS_COMMANDS.map((k) => [k, property(root, k)] as [string, Node | undefined]),
    ['statusLine', property(property(root, 'statusLine'), 'command')],
  ];
  for (const [key, node] of commands) {
    const command = str(node);
    if (!command || !node) continue;
    const entry = emptyEntry('setting', located(key, node.offset), node.offset, node.offset + node.length);
    entry.command.push(command);
    out.push(entry);
  }
}

export interface LaunchJsonOptions {
  /** `servers` (VS Code's key) counts: the file is an MCP config by name, or sits in a skill or plugin folder. */
  servers: boolean;
  /** Claude Code / Gemini settings: `env`, commands and flags count. */
  settings: boolean;
  /** Servers read per server map: members past the one that makes this many are skipped unparsed (the caller reads no more). */
  maxServers?: number;
}

/** Whether a server map should take another member: fewer than `max` of those built so far are servers. */
function serverCounter(max: number): (map: Node) => boolean {
  const seen = new WeakMap<Node, { examined: number; servers: number }>();
  return (map) => {
    const count = seen.get(map) ?? { examined: 0, servers: 0 };
    const members = map.children ?? [];
    for (; count.examined < members.length; count.examined++) {
      const [name, body] = members[count.examined]!.children ?? [];
      if (name && body && server(name, body)) count.servers++;
    }
    seen.set(map, count);
    return count.servers < max;
  };
}

/**
 * JSON (comments and trailing commas allowed, as clients accept them) → the MCP servers,
 * hooks and settings commands it declares. Never throws; a file too deep to be a config, or
 * one that is not an object, declares nothing.
 */
export function readLaunchJson(text: string, options: LaunchJsonOptions): LaunchFile {
  const deep = tooDeep(text);
  if (deep !== undefined) return { entries: [], problem: { offset: deep, message: `nested more than ${MAX_DEPTH} levels deep` } };
  const errors: ParseError[] = [];
  const serverMapKeys = new Set(['mcpServers', 'mcp_servers', ...(options.servers ? ['servers'] : [])]);
  const keepMembers = options.maxServers === undefined ? () => true : serverCounter(options.maxServers);
  const { root, skipped } = parseLaunchTree(text, errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: true,
    serverMaps: serverMapKeys,
    keepMembers,
  });
  const problem = errors.length ? { offset: errors[0]!.offset, message: printParseErrorCode(errors[0]!.error) } : undefined;
  if (root?.type !== 'object') return { entries: [], problem };
  const entries: LaunchEntry[] = [];
  const serverMaps = [property(root, 'mcpServers'), property(root, 'mcp_servers'), options.servers ? property(root, 'servers') : undefined];
  for (const map of serverMaps) {
    for (const [name, body] of properties(map)) {
      const entry = server(name, body);
      if (entry) entries.push(entry);
    }
  }
  hookEntries(property(root, 'hooks'), entries);
  if (options.settings) settingsEntries(root, entries);
  return { entries, problem, ...(skipped ? { skipped } : {}) };
}
