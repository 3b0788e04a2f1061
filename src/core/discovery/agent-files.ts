/**
 * Files that steer an agent besides skills: agent definitions (`agents/*.md`, Copilot's
 * `.github/agents/*.agent.md`, Claude Code's `.claude/agents/*.md`, plugins' `agents/`) and
 * instruction files the agent reads on every session (AGENTS.md, CLAUDE.md, Copilot and
 * Cursor rules).
 */
const INSTRUCTION_BASENAMES = new Set([
  'AGENTS.md',
  'AGENT.md',
  'CLAUDE.md',
  'CLAUDE.local.md',
  'GEMINI.md',
  '.cursorrules',
  '.windsurfrules',
  '.clinerules',
]);

export type AgentSurface = 'agent' | 'instructions';

/** What kind of agent-facing file this path is, by its name and folder alone. */
export function classifyAgentFile(path: string): AgentSurface | undefined {
  // Most files of a repository are none of these: the name's end says so without slicing.
  if (!path.endsWith('.md') && !path.endsWith('.mdc') && !path.endsWith('rules')) return undefined;
  const slash = path.lastIndexOf('/');
  const basename = path.slice(slash + 1);
  const parent = slash < 0 ? '' : path.slice(0, slash);
  const parentName = parent.slice(parent.lastIndexOf('/') + 1);
  if (INSTRUCTION_BASENAMES.has(basename)) return 'instructions';
  if (path === '.github/copilot-instructions.md') return 'instructions';
  if (parent === '.github/instructions' && basename.endsWith('.instructions.md')) return 'instructions';
  if (parent === '.cursor/rules' && /\.mdc?$/.test(basename)) return 'instructions';
  if (parentName === 'agents' && basename.endsWith('.md') && basename.toLowerCase() !== 'readme.md') return 'agent';
  return undefined;
}
