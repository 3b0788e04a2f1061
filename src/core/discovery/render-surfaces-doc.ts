import { AGENT_SURFACES, type AgentSurface, type SurfaceKind } from './agent-surfaces.js';

const SECTIONS: ReadonlyArray<[SurfaceKind, string]> = [
  ['skill', 'Skills'],
  ['agent', 'Agents'],
  ['instructions', 'Instructions'],
  ['rules', 'Rules'],
  ['command', 'Commands, prompts and workflows'],
  ['mcp-config', 'MCP servers'],
  ['settings', 'Settings'],
  ['hooks', 'Hooks'],
  ['plugin', 'Plugins and extensions'],
  ['plan', 'Plans'],
];

/** A table cell: pipes escaped, one line. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

function where(surface: AgentSurface): string {
  const glob = `\`${surface.glob}\``;
  const parts = [surface.inPlugin ? `${glob} in a plugin or extension` : glob];
  if (surface.except?.length) parts.push(`(not ${surface.except.map((e) => `\`${e}\``).join(', ')})`);
  return parts.join(' ');
}

function sourceLink(source: string): string {
  if (!/^https:\/\//.test(source)) return `[plangate's ${source.replace(/\.md.*$/, '')} docs](${source})`;
  return `[${source.replace(/^https:\/\//, '').replace(/\/$/, '')}](${source})`;
}

/**
 * docs/surfaces.md, whole: every agent surface with the agents that read it and the documentation
 * that says so, generated from AGENT_SURFACES (`npm run docs:surfaces`; a test fails when it is stale).
 */
export function renderSurfacesDoc(surfaces: readonly AgentSurface[] = AGENT_SURFACES): string {
  const lines = [
    '<!-- Generated from src/core/discovery/agent-surfaces.ts by `npm run docs:surfaces`; a test fails when it is stale. Edit the data, not this file. -->',
    '',
    '# Agent surfaces',
    '',
    'Every file an AI coding agent reads as instructions or runs as commands, and where its documentation',
    'says so. One list drives discovery (what `plangate check` says it found), the scanner (every file',
    'below is scanned wherever it is, outside `discovery.ignore`, whatever `scan.paths` says — a `!glob`',
    'in `scan.paths` still leaves a file out), the App (which fetches them up front with what the other checks read)',
    'and detection (any of these files turns the scan on when `presets: [auto]`).',
    '',
    'Globs are [minimatch](https://github.com/isaacs/minimatch) globs from the repository root, dotfiles',
    "included; `**/` finds the file at any depth. A plugin's or extension's files are relative to its",
    'root: a folder holding `.claude-plugin/plugin.json` or `gemini-extension.json`. The first row a path',
    'matches is its kind. Skills are found by `SKILL.md` anywhere; the skill rows name where each agent',
    'loads them from.',
    '',
    'Content that is not in the repository — a git submodule, a Git LFS pointer — inside any of these',
    'places cannot be reviewed and fails the scan (`scan/content_not_in_repository`; see',
    '[rules/scan.md](rules/scan.md)).',
  ];
  for (const [kind, title] of SECTIONS) {
    const rows = surfaces.filter((s) => s.kind === kind);
    if (!rows.length) continue;
    lines.push('', `## ${title}`, '', '| files | read by | what for | source |', '| --- | --- | --- | --- |');
    for (const s of rows) lines.push(`| ${cell(where(s))} | ${cell(s.agents.join(', '))} | ${cell(s.role)} | ${sourceLink(s.source)} |`);
  }
  return `${lines.join('\n')}\n`;
}
