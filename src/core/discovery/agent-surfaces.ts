/**
 * Every file an AI coding agent reads as instructions or runs as commands, kept as data: where it
 * is, what kind of surface it is, which agents read it and the documentation that says so.
 * Discovery, the scanner's file selection, the App's prefetch, layout detection and
 * docs/surfaces.md (`npm run docs:surfaces`) all read this list; nothing else names these paths.
 */

export type SurfaceKind =
  /** A skill folder's `SKILL.md` (discovery finds every folder holding one, wherever it is). */
  | 'skill'
  /** Agent, subagent, chat-mode and custom-mode definitions: a system prompt and the tools it may use. */
  | 'agent'
  /** Instruction files read into every session (AGENTS.md, CLAUDE.md, …). */
  | 'instructions'
  /** Per-tool rule folders and files, read like instructions (Cursor, Windsurf, Cline, Roo, Kiro). */
  | 'rules'
  /** Slash commands, saved prompts and workflows: a prompt (often with shell steps) run by name. */
  | 'command'
  /** Files that start MCP servers. */
  | 'mcp-config'
  /** Agent settings that run commands (hooks, status lines, key helpers) or set what the agent trusts. */
  | 'settings'
  /** Hook definitions and hook scripts the agent runs around its own actions. */
  | 'hooks'
  /** Plugin and extension manifests: what a plugin installs, and the servers and hooks it declares. */
  | 'plugin'
  /** Plans, test specs and PRDs a ralph loop executes (a test spec's shell blocks are its verify commands). */
  | 'plan';

export type SurfaceAgent =
  | 'Claude Code'
  | 'Claude Desktop'
  | 'Codex'
  | 'Gemini CLI'
  | 'GitHub Copilot'
  | 'Cursor'
  | 'Windsurf'
  | 'Cline'
  | 'Roo Code'
  | 'Kiro'
  | 'OpenCode'
  | 'Amp'
  | 'oh-my-codex'
  | 'oh-my-claudecode'
  | 'Spiral'
  | 'Ralphdex';

/** How the scanner reads a config beyond its text: the MCP servers, hooks and settings commands it declares. */
export type LaunchReading = 'mcp-json' | 'codex-toml' | 'agent-settings' | 'plugin-hooks';

export interface AgentSurface {
  /**
   * The files, as a minimatch glob (dotfiles included) from the repository root; a leading `**\/`
   * finds them at any depth outside `discovery.ignore`. With `inPlugin`, from each plugin's root.
   */
  glob: string;
  kind: SurfaceKind;
  agents: readonly SurfaceAgent[];
  /** What the agent does with these files, in a few words. */
  role: string;
  /** The documentation that says where the agent reads them. */
  source: string;
  launch?: LaunchReading;
  /** The glob is relative to a plugin's root: a folder holding `.claude-plugin/plugin.json` or `gemini-extension.json`. */
  inPlugin?: true;
  /** File names the glob matches that the agent does not read (a folder's README). */
  except?: readonly string[];
}

const CLAUDE = 'https://code.claude.com/docs/en';
const CODEX = 'https://developers.openai.com/codex';
const GEMINI = 'https://geminicli.com/docs';
const VSCODE = 'https://code.visualstudio.com/docs/copilot/customization';
const CURSOR = 'https://cursor.com/docs';
const WINDSURF = 'https://docs.windsurf.com/windsurf/cascade';
const CLINE = 'https://docs.cline.bot';
const ROO = 'https://docs.roocode.com/features';
const KIRO = 'https://kiro.dev/docs';
const OPENCODE = 'https://opencode.ai/docs';
const OMX = 'https://github.com/Yeachan-Heo/oh-my-codex';
const OMC = 'https://github.com/Yeachan-Heo/oh-my-claudecode';

/** Ordered: the first entry a path matches is its surface (specific places before the names they share). */
export const AGENT_SURFACES: readonly AgentSurface[] = [
  // Skills: a folder holding SKILL.md, wherever it is; these are the roots each agent loads from.
  {
    glob: '.github/skills/*/SKILL.md',
    kind: 'skill',
    agents: ['GitHub Copilot'],
    role: 'project skills',
    source: 'https://docs.github.com/en/copilot/concepts/agents/about-agent-skills',
  },
  { glob: '.claude/skills/*/SKILL.md', kind: 'skill', agents: ['Claude Code'], role: 'project skills', source: `${CLAUDE}/skills` },
  { glob: '.agents/skills/*/SKILL.md', kind: 'skill', agents: ['Codex'], role: 'project skills', source: `${CODEX}/skills` },
  {
    glob: '.codex/skills/*/SKILL.md',
    kind: 'skill',
    agents: ['Codex'],
    role: 'project skills (older location)',
    source: `${CODEX}/skills`,
  },
  { glob: '.cursor/skills/*/SKILL.md', kind: 'skill', agents: ['Cursor'], role: 'project skills', source: `${CURSOR}/context/skills` },
  { glob: '.gemini/skills/*/SKILL.md', kind: 'skill', agents: ['Gemini CLI'], role: 'project skills', source: `${GEMINI}/cli/skills` },
  { glob: '.opencode/skills/*/SKILL.md', kind: 'skill', agents: ['OpenCode'], role: 'project skills', source: `${OPENCODE}/skills/` },
  {
    glob: '**/SKILL.md',
    kind: 'skill',
    agents: ['Claude Code', 'Codex', 'Gemini CLI', 'GitHub Copilot', 'Cursor', 'OpenCode', 'Cline'],
    role: 'any folder holding SKILL.md: plugin, marketplace and collection skills, installed by copying the folder',
    source: 'https://agentskills.io/specification',
  },

  // Plans a ralph loop executes: the plans check's layouts (docs/config.md#plan-layouts).
  {
    glob: '.omx/plans/*.{md,json}',
    kind: 'plan',
    agents: ['oh-my-codex'],
    role: 'PRDs, test specs (their shell blocks are the verify commands) and prd.json sidecars',
    source: OMX,
  },
  { glob: '.omc/plans/*.{md,json}', kind: 'plan', agents: ['oh-my-claudecode'], role: 'plans and prd.json sidecars', source: OMC },
  { glob: '{.omc/,}prd.json', kind: 'plan', agents: ['oh-my-claudecode'], role: "ralph's stories and their verify commands", source: OMC },
  {
    glob: '.spiral/plans/*.md',
    kind: 'plan',
    agents: ['Spiral'],
    role: 'plans holding their own test plan',
    source: 'config.md#plan-layouts',
  },
  {
    glob: '.spiral/{prd.json,ralph/*/prd.json}',
    kind: 'plan',
    agents: ['Spiral'],
    role: "ralph's stories and their verify commands",
    source: 'config.md#plan-layouts',
  },
  {
    glob: '.ralph/prd.md',
    kind: 'plan',
    agents: ['Ralphdex'],
    role: 'the objective the loop works toward',
    source: 'https://github.com/S0l0m0n8und9/RalphDex',
  },
  { glob: '.kiro/specs/*/*.md', kind: 'plan', agents: ['Kiro'], role: 'requirements, design and task lists', source: `${KIRO}/specs/` },

  // Agents.
  { glob: '**/.claude/agents/**/*.md', kind: 'agent', agents: ['Claude Code'], role: 'subagents', source: `${CLAUDE}/sub-agents` },
  {
    glob: '**/.github/agents/*.md',
    kind: 'agent',
    agents: ['GitHub Copilot'],
    role: 'custom agents of the coding agent',
    source: 'https://docs.github.com/en/copilot/how-tos/use-copilot-agents/coding-agent/create-custom-agents',
  },
  { glob: '**/*.agent.md', kind: 'agent', agents: ['GitHub Copilot'], role: 'custom agents', source: `${VSCODE}/custom-agents` },
  { glob: '**/*.chatmode.md', kind: 'agent', agents: ['GitHub Copilot'], role: 'custom chat modes', source: `${VSCODE}/custom-chat-modes` },
  { glob: '**/.gemini/agents/*.md', kind: 'agent', agents: ['Gemini CLI'], role: 'subagents', source: `${GEMINI}/core/subagents` },
  { glob: '**/.opencode/{agent,agents}/**/*.md', kind: 'agent', agents: ['OpenCode'], role: 'agents', source: `${OPENCODE}/agents/` },
  { glob: '**/.kiro/agents/*.json', kind: 'agent', agents: ['Kiro'], role: 'custom agents', source: `${KIRO}/cli/custom-agents/` },
  { glob: '**/.roomodes', kind: 'agent', agents: ['Roo Code'], role: 'custom modes', source: `${ROO}/custom-modes` },
  {
    glob: '**/agents/*.md',
    kind: 'agent',
    agents: ['Claude Code', 'oh-my-codex', 'oh-my-claudecode'],
    role: "a plugin's or collection's agents",
    source: `${CLAUDE}/plugins-reference`,
    except: ['README.md'],
  },

  // Commands, saved prompts and workflows.
  {
    glob: '**/.claude/commands/**/*.md',
    kind: 'command',
    agents: ['Claude Code'],
    role: 'slash commands',
    source: `${CLAUDE}/slash-commands`,
  },
  {
    glob: '**/plugins/*/commands/**/*.md',
    kind: 'command',
    agents: ['Claude Code'],
    role: "a marketplace plugin's slash commands",
    source: `${CLAUDE}/plugins-reference`,
  },
  {
    glob: 'commands/**/*.md',
    inPlugin: true,
    kind: 'command',
    agents: ['Claude Code'],
    role: "a plugin's slash commands",
    source: `${CLAUDE}/plugins-reference`,
  },
  {
    glob: '**/.gemini/commands/**/*.toml',
    kind: 'command',
    agents: ['Gemini CLI'],
    role: 'custom commands (`!{…}` runs shell)',
    source: `${GEMINI}/cli/custom-commands`,
  },
  {
    glob: 'commands/**/*.toml',
    inPlugin: true,
    kind: 'command',
    agents: ['Gemini CLI'],
    role: "an extension's custom commands",
    source: `${GEMINI}/extensions/`,
  },
  {
    glob: '**/.codex/prompts/*.md',
    kind: 'command',
    agents: ['Codex'],
    role: 'custom prompts (`/prompts:<name>`)',
    source: 'https://github.com/openai/codex/blob/main/docs/prompts.md',
  },
  { glob: 'prompts/*.md', kind: 'command', agents: ['oh-my-codex'], role: 'prompts it installs as Codex custom prompts', source: OMX },
  { glob: '**/*.prompt.md', kind: 'command', agents: ['GitHub Copilot'], role: 'prompt files', source: `${VSCODE}/prompt-files` },
  { glob: '**/.cursor/commands/**/*.md', kind: 'command', agents: ['Cursor'], role: 'commands', source: `${CURSOR}/agent/chat/commands` },
  { glob: '**/.windsurf/workflows/**/*.md', kind: 'command', agents: ['Windsurf'], role: 'workflows', source: `${WINDSURF}/workflows` },
  {
    glob: '**/.clinerules/workflows/**/*',
    kind: 'command',
    agents: ['Cline'],
    role: 'workflows',
    source: `${CLINE}/features/slash-commands/workflows`,
  },
  {
    glob: '**/.opencode/{command,commands}/**/*.md',
    kind: 'command',
    agents: ['OpenCode'],
    role: 'commands',
    source: `${OPENCODE}/commands/`,
  },
  { glob: '**/.roo/commands/**/*.md', kind: 'command', agents: ['Roo Code'], role: 'slash commands', source: `${ROO}/slash-commands` },

  // MCP servers, settings and hooks.
  {
    glob: '**/.mcp.json',
    kind: 'mcp-config',
    agents: ['Claude Code'],
    role: 'project MCP servers',
    source: `${CLAUDE}/mcp`,
    launch: 'mcp-json',
  },
  {
    glob: '**/.vscode/mcp.json',
    kind: 'mcp-config',
    agents: ['GitHub Copilot'],
    role: 'MCP servers',
    source: `${VSCODE}/mcp-servers`,
    launch: 'mcp-json',
  },
  {
    glob: '**/.cursor/mcp.json',
    kind: 'mcp-config',
    agents: ['Cursor'],
    role: 'MCP servers',
    source: `${CURSOR}/context/mcp`,
    launch: 'mcp-json',
  },
  {
    glob: '**/.roo/mcp.json',
    kind: 'mcp-config',
    agents: ['Roo Code'],
    role: 'MCP servers',
    source: `${ROO}/mcp/using-mcp-in-roo`,
    launch: 'mcp-json',
  },
  {
    glob: '**/.kiro/settings/mcp.json',
    kind: 'mcp-config',
    agents: ['Kiro'],
    role: 'MCP servers',
    source: `${KIRO}/mcp/configuration/`,
    launch: 'mcp-json',
  },
  {
    glob: '**/mcp.json',
    kind: 'mcp-config',
    agents: ['GitHub Copilot', 'Cursor', 'Roo Code', 'Kiro'],
    role: 'MCP servers (an MCP client config by its name)',
    source: 'https://modelcontextprotocol.io/docs/develop/connect-local-servers',
    launch: 'mcp-json',
  },
  {
    glob: '**/claude_desktop_config.json',
    kind: 'mcp-config',
    agents: ['Claude Desktop'],
    role: 'MCP servers',
    source: 'https://modelcontextprotocol.io/docs/develop/connect-local-servers',
    launch: 'mcp-json',
  },
  {
    glob: '**/mcp_config.json',
    kind: 'mcp-config',
    agents: ['Windsurf'],
    role: 'MCP servers',
    source: `${WINDSURF}/mcp`,
    launch: 'mcp-json',
  },
  {
    glob: '**/mcp_settings.json',
    kind: 'mcp-config',
    agents: ['Roo Code'],
    role: 'MCP servers',
    source: `${ROO}/mcp/using-mcp-in-roo`,
    launch: 'mcp-json',
  },
  {
    glob: '**/cline_mcp_settings.json',
    kind: 'mcp-config',
    agents: ['Cline'],
    role: 'MCP servers',
    source: `${CLINE}/mcp/configuring-mcp-servers`,
    launch: 'mcp-json',
  },
  {
    glob: '**/.claude/settings{,.local}.json',
    kind: 'settings',
    agents: ['Claude Code'],
    role: 'hooks, environment, status line and key helpers, MCP trust',
    source: `${CLAUDE}/settings`,
    launch: 'agent-settings',
  },
  {
    glob: '**/.gemini/settings.json',
    kind: 'settings',
    agents: ['Gemini CLI'],
    role: 'MCP servers, hooks and context files',
    source: `${GEMINI}/get-started/configuration`,
    launch: 'agent-settings',
  },
  {
    glob: '**/.codex/config.toml',
    kind: 'settings',
    agents: ['Codex'],
    role: 'MCP servers and the notify command',
    source: 'https://github.com/openai/codex/blob/main/docs/config.md',
    launch: 'codex-toml',
  },
  {
    glob: '**/opencode.{json,jsonc}',
    kind: 'settings',
    agents: ['OpenCode'],
    role: 'MCP servers, agents and commands',
    source: `${OPENCODE}/config/`,
    launch: 'mcp-json',
  },
  {
    glob: '.github/workflows/copilot-setup-steps.{yml,yaml}',
    kind: 'settings',
    agents: ['GitHub Copilot'],
    role: "steps run before the coding agent starts, in the agent's environment",
    source: 'https://docs.github.com/en/copilot/how-tos/use-copilot-agents/coding-agent/customize-the-agent-environment',
  },
  {
    glob: '**/hooks/hooks.json',
    kind: 'hooks',
    agents: ['Claude Code', 'oh-my-claudecode'],
    role: "a plugin's hooks",
    source: `${CLAUDE}/plugins-reference`,
    launch: 'plugin-hooks',
  },
  {
    glob: '**/.cursor/hooks.json',
    kind: 'hooks',
    agents: ['Cursor'],
    role: 'hooks',
    source: `${CURSOR}/agent/hooks`,
    launch: 'plugin-hooks',
  },
  { glob: '**/.kiro/hooks/*.kiro.hook', kind: 'hooks', agents: ['Kiro'], role: 'agent hooks', source: `${KIRO}/hooks/` },
  { glob: '**/.clinerules/hooks/*', kind: 'hooks', agents: ['Cline'], role: 'hook scripts', source: `${CLINE}/features/hooks` },
  {
    glob: '**/.claude-plugin/{plugin,marketplace}.json',
    kind: 'plugin',
    agents: ['Claude Code'],
    role: 'plugin manifest (servers and hooks) and marketplace (where plugins come from)',
    source: `${CLAUDE}/plugins-reference`,
    launch: 'mcp-json',
  },
  {
    glob: '**/gemini-extension.json',
    kind: 'plugin',
    agents: ['Gemini CLI'],
    role: 'extension manifest (MCP servers, context files)',
    source: `${GEMINI}/extensions/`,
    launch: 'mcp-json',
  },

  // Instructions read into every session.
  {
    glob: '**/AGENTS.md',
    kind: 'instructions',
    agents: ['Codex', 'GitHub Copilot', 'Cursor', 'OpenCode', 'Roo Code', 'oh-my-codex'],
    role: 'project instructions',
    source: 'https://agents.md/',
  },
  {
    glob: '**/AGENTS.override.md',
    kind: 'instructions',
    agents: ['Codex'],
    role: 'instructions that replace AGENTS.md',
    source: `${CODEX}/guides/agents-md`,
  },
  {
    glob: '**/AGENT.md',
    kind: 'instructions',
    agents: ['Amp'],
    role: 'project instructions (older name)',
    source: 'https://ampcode.com/manual',
  },
  { glob: '**/CLAUDE{,.local}.md', kind: 'instructions', agents: ['Claude Code'], role: 'project memory', source: `${CLAUDE}/memory` },
  { glob: '**/GEMINI.md', kind: 'instructions', agents: ['Gemini CLI'], role: 'context file', source: `${GEMINI}/cli/gemini-md` },
  {
    glob: '**/.github/copilot-instructions.md',
    kind: 'instructions',
    agents: ['GitHub Copilot'],
    role: 'repository instructions',
    source: 'https://docs.github.com/en/copilot/how-tos/configure-custom-instructions/add-repository-instructions',
  },
  {
    glob: '**/*.instructions.md',
    kind: 'instructions',
    agents: ['GitHub Copilot'],
    role: 'path-specific instructions',
    source: 'https://docs.github.com/en/copilot/how-tos/configure-custom-instructions/add-repository-instructions',
  },
  {
    glob: '**/.claude/output-styles/*.md',
    kind: 'instructions',
    agents: ['Claude Code'],
    role: 'output styles (they replace parts of the system prompt)',
    source: `${CLAUDE}/output-styles`,
  },

  // Rules.
  { glob: '**/.cursor/rules/**/*.{md,mdc}', kind: 'rules', agents: ['Cursor'], role: 'project rules', source: `${CURSOR}/context/rules` },
  { glob: '**/.cursorrules', kind: 'rules', agents: ['Cursor'], role: 'project rules (older file)', source: `${CURSOR}/context/rules` },
  { glob: '**/.windsurf/rules/**/*.md', kind: 'rules', agents: ['Windsurf'], role: 'workspace rules', source: `${WINDSURF}/memories` },
  { glob: '**/.windsurfrules', kind: 'rules', agents: ['Windsurf'], role: 'workspace rules (older file)', source: `${WINDSURF}/memories` },
  {
    glob: '**/.clinerules{,/**/*}',
    kind: 'rules',
    agents: ['Cline'],
    role: 'workspace rules (a file or a folder)',
    source: `${CLINE}/features/cline-rules`,
  },
  {
    glob: '**/.roo/{rules,rules-*}/**/*',
    kind: 'rules',
    agents: ['Roo Code'],
    role: 'workspace rules, for every mode or one',
    source: `${ROO}/custom-instructions`,
  },
  {
    glob: '**/.roorules{,-*}',
    kind: 'rules',
    agents: ['Roo Code'],
    role: 'workspace rules (older files)',
    source: `${ROO}/custom-instructions`,
  },
  { glob: '**/.kiro/steering/**/*.md', kind: 'rules', agents: ['Kiro'], role: 'steering files', source: `${KIRO}/steering/` },
];

/** The skill roots agents load from by default (`.claude/skills`, …): the `<root>/*` of each skill entry. */
export function defaultSkillRoots(surfaces: readonly AgentSurface[] = AGENT_SURFACES): string[] {
  return surfaces.filter((s) => s.kind === 'skill' && s.glob.endsWith('/*/SKILL.md')).map((s) => s.glob.slice(0, -'/*/SKILL.md'.length));
}
