import { parse } from 'smol-toml';
import { pushAll } from '../../push-all.js';
import { emptyEntry, located, type EnvEntry, type LaunchEntry, type LaunchFile, type Located } from './launch-entry.js';
import { escapeRegExp } from '../../escape-regexp.js';

/** Codex's config is shallow; smol-toml recurses into nested values, so deeper input is refused. */
const MAX_DEPTH = 32;

/** Where a section's lines are: from its `[header]` to the next header (or the end). */
function sectionRange(text: string, header: RegExp): [number, number] | undefined {
  const m = header.exec(text);
  if (!m) return undefined;
  const start = m.index;
  const next = /^[ \t]*\[/gm;
  next.lastIndex = m.index + m[0].length;
  const after = next.exec(text);
  return [start, after ? after.index : text.length];
}

/** The offset of `key = …`'s value inside `[from, to)`, or `fallback`. */
function keyOffset(text: string, key: string, from: number, to: number, fallback: number): number {
  const re = new RegExp(`^[ \\t]*["']?${escapeRegExp(key)}["']?[ \\t]*=[ \\t]*`, 'gm');
  re.lastIndex = from;
  const m = re.exec(text);
  return m && m.index < to ? m.index + m[0].length : fallback;
}

/** A string inside `[from, to)` written as a TOML literal, searched from `after`; else `after`. */
function literalOffset(text: string, value: string, after: number, to: number): number {
  for (const quoted of [JSON.stringify(value), `'${value}'`]) {
    const at = text.indexOf(quoted, after);
    if (at >= 0 && at < to) return at + 1;
  }
  return after;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function strings(values: unknown, text: string, from: number, to: number): Located[] {
  const out: Located[] = [];
  let cursor = from;
  for (const v of Array.isArray(values) ? values : []) {
    if (typeof v !== 'string') continue;
    const at = literalOffset(text, v, cursor, to);
    out.push(located(v, at));
    cursor = at;
  }
  return out;
}

function table(values: unknown, text: string, from: number, to: number): EnvEntry[] {
  return Object.entries(asRecord(values) ?? {}).flatMap(([k, v]) => {
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') return [];
    const at = literalOffset(text, k, from, to);
    return [{ key: located(k, at), value: located(String(v), typeof v === 'string' ? literalOffset(text, v, at, to) : at) }];
  });
}

/**
 * Codex `config.toml` → its MCP servers (`[mcp_servers.<name>]`: command, args, env,
 * env_vars, url, headers) and its `notify` command. Positions are found by searching the
 * text for each section and key (TOML parsers give none); a value that cannot be placed
 * points at its section. Never throws.
 */
export function readCodexToml(text: string): LaunchFile {
  let config: Record<string, unknown>;
  try {
    config = parse(text, { maxDepth: MAX_DEPTH }) as Record<string, unknown>;
  } catch (error) {
    const line = /line (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    const offset = line
      ? text
          .split('\n')
          .slice(0, Number(line) - 1)
          .join('\n').length
      : 0;
    return { entries: [], problem: { offset, message: error instanceof Error ? error.message.split('\n')[0]! : 'not valid TOML' } };
  }
  const entries: LaunchEntry[] = [];
  for (const [name, raw] of Object.entries(asRecord(config.mcp_servers) ?? {})) {
    const body = asRecord(raw);
    if (!body) continue;
    const [from, to] = sectionRange(
      text,
      new RegExp(`^[ \\t]*\\[[ \\t]*mcp_servers[ \\t]*\\.[ \\t]*["']?${escapeRegExp(name)}["']?[ \\t]*\\]`, 'm'),
    ) ?? [Math.max(0, text.indexOf('mcp_servers')), text.length];
    const entry = emptyEntry('mcp-server', located(name, from), from, to);
    if (typeof body.command === 'string') entry.command.push(located(body.command, keyOffset(text, 'command', from, to, from)));
    pushAll(entry.command, strings(body.args, text, keyOffset(text, 'args', from, to, from), to));
    if (typeof body.url === 'string') entry.url = located(body.url, keyOffset(text, 'url', from, to, from));
    entry.env = table(body.env, text, keyOffset(text, 'env', from, to, from), to);
    for (const key of strings(body.env_vars, text, keyOffset(text, 'env_vars', from, to, from), to)) entry.env.push({ key });
    if (typeof body.bearer_token_env_var === 'string')
      entry.headers.push({ key: located(body.bearer_token_env_var, keyOffset(text, 'bearer_token_env_var', from, to, from)) });
    pushAll(entry.headers, table(body.http_headers, text, keyOffset(text, 'http_headers', from, to, from), to));
    if (entry.command.length || entry.url) entries.push(entry);
  }
  if (Array.isArray(config.notify)) {
    const at = keyOffset(text, 'notify', 0, text.length, 0);
    const entry = emptyEntry('hook', located('notify', at), at, at + 1);
    pushAll(entry.command, strings(config.notify, text, at, text.length));
    if (entry.command.length) entries.push(entry);
  }
  return { entries };
}
