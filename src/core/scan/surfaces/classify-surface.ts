import type { LaunchReading } from '../../discovery/agent-surfaces.js';
import { classifyAgentSurface } from '../../discovery/surface-classifier.js';

/**
 * How the scanner reads a file an agent acts on besides skills (discovery/agent-surfaces.ts):
 * a config whose MCP servers, hooks and settings commands are read entry by entry, or text the
 * agent reads as instructions (agents, instructions, rules, commands).
 */
export type SurfaceKind =
  /** JSON with `mcpServers` / `servers`: `.mcp.json`, `mcp.json`, `.vscode/mcp.json`, `.cursor/mcp.json`, plugin manifests, … */
  | 'mcp-json'
  /** Codex's `config.toml` (`[mcp_servers.*]`, `notify`). */
  | 'codex-toml'
  /** Claude Code or Gemini settings (`hooks`, `env`, `statusLine`, `apiKeyHelper`, `mcpServers`). */
  | 'agent-settings'
  /** A plugin's `hooks/hooks.json`, Cursor's `hooks.json`. */
  | 'plugin-hooks'
  /** Text the agent reads as instructions: AGENTS.md, CLAUDE.md, rules, agents, commands, prompts. */
  | 'instructions';

const READ_AS_INSTRUCTIONS = new Set(['agent', 'instructions', 'rules', 'command']);

/** What surface a path is, by its name and folder alone; undefined for other files (plans and skills are scanned as files). */
export function classifySurface(path: string): SurfaceKind | undefined {
  const surface = classifyAgentSurface(path);
  if (!surface) return undefined;
  if (surface.launch) return surface.launch satisfies LaunchReading;
  return READ_AS_INSTRUCTIONS.has(surface.kind) ? 'instructions' : undefined;
}
