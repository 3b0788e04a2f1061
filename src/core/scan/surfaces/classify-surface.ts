import { classifyAgentFile } from '../../discovery/agent-files.js';

/**
 * Files an agent acts on besides skills: configs that start MCP servers, settings that run
 * hooks and commands, and instruction files the agent reads on every session.
 */
export type SurfaceKind =
  /** JSON with `mcpServers` / `servers`: `.mcp.json`, `mcp.json`, `.vscode/mcp.json`, `.cursor/mcp.json`, Claude Desktop's config. */
  | 'mcp-json'
  /** Codex's `config.toml` (`[mcp_servers.*]`, `notify`). */
  | 'codex-toml'
  /** Claude Code or Gemini settings (`hooks`, `env`, `statusLine`, `apiKeyHelper`, `mcpServers`). */
  | 'agent-settings'
  /** A plugin's `hooks/hooks.json`. */
  | 'plugin-hooks'
  /** AGENTS.md, CLAUDE.md, GEMINI.md, Copilot and Cursor instructions, `*.agent.md`, `*.prompt.md`. */
  | 'instructions';

const MCP_JSON = new Set([
  '.mcp.json',
  'mcp.json',
  'claude_desktop_config.json',
  'mcp_config.json',
  'mcp_settings.json',
  'cline_mcp_settings.json',
]);
const SETTINGS = /(?:^|\/)(?:\.claude\/settings(?:\.local)?\.json|\.gemini\/settings\.json)$/;

/** What surface a path is, by its name and folder alone; undefined for other files. */
export function classifySurface(path: string): SurfaceKind | undefined {
  const slash = path.lastIndexOf('/');
  const name = path.slice(slash + 1);
  if (MCP_JSON.has(name)) return 'mcp-json';
  if (name === 'config.toml' && path.endsWith('.codex/config.toml')) return 'codex-toml';
  if (SETTINGS.test(path)) return 'agent-settings';
  if (name === 'hooks.json' && path.slice(0, slash).endsWith('hooks')) return 'plugin-hooks';
  if (classifyAgentFile(path) === 'instructions') return 'instructions';
  if (/\.(?:agent|prompt|instructions)\.md$/i.test(name)) return 'instructions';
  if (/(?:^|\/)\.github\/instructions\/[^/]+$/.test(path) || /(?:^|\/)\.cursor\/rules\/[^/]+$/.test(path)) return 'instructions';
  return undefined;
}

/** JSON that can hold MCP servers or hooks wherever it is found inside a skill or plugin folder. */
export function mayHoldLaunchEntries(path: string): boolean {
  return /\.jsonc?$/i.test(path);
}
