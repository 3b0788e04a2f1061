import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { braceExpand, minimatch } from 'minimatch';
import { describe, expect, it } from 'vitest';
import { AGENT_SURFACES, type AgentSurface } from '../../src/core/discovery/agent-surfaces.js';
import { renderSurfacesDoc } from '../../src/core/discovery/render-surfaces-doc.js';
import { pluginRootsOf, pluginRootTest, surfaceClassifier } from '../../src/core/discovery/surface-classifier.js';
import { DEFAULT_SKILL_ROOTS } from '../../src/core/config/schema.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { CORPUS, REPO_ROOT } from '../support/paths.js';

/** The rule as written in docs/surfaces.md, with nothing cached or indexed: the first row whose glob matches. */
function naiveSurface(path: string, pluginRoots: ReadonlySet<string>): AgentSurface | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  for (const surface of AGENT_SURFACES) {
    if (surface.kind === 'skill' || surface.except?.some((e) => e.toLowerCase() === name)) continue;
    const relatives = surface.inPlugin
      ? [...pluginRoots].filter((r) => r === '' || path.startsWith(`${r}/`)).map((r) => (r ? path.slice(r.length + 1) : path))
      : [path];
    if (relatives.some((rel) => minimatch(rel, surface.glob, { dot: true }))) return surface;
  }
  return undefined;
}

/** Paths a glob matches: `**` as no folder and as two, `*` as a name, every brace alternative. */
function examplesOf(glob: string): string[] {
  return braceExpand(glob).flatMap((pattern) =>
    ['', 'pkg/app/'].map((deep) =>
      pattern
        .replace(/^\*\*\//, deep)
        .replace(/\/\*\*\//g, '/sub/')
        .replace(/\*/g, 'x'),
    ),
  );
}

describe('one list of agent surfaces, kept as data', () => {
  it('docs/surfaces.md is generated from it (run `npm run docs:surfaces` when this fails)', () => {
    expect(readFileSync(join(REPO_ROOT, 'docs/surfaces.md'), 'utf8')).toBe(renderSurfacesDoc());
  });

  it('names, for every entry, the agents that read it and where their documentation says so', () => {
    for (const s of AGENT_SURFACES) {
      expect(s.agents.length, s.glob).toBeGreaterThan(0);
      expect(s.role.trim(), s.glob).not.toBe('');
      const linksOut = /^https:\/\/[a-z0-9.-]+\.[a-z]{2,}\//.test(s.source);
      expect(linksOut || existsSync(join(REPO_ROOT, 'docs', s.source.replace(/#.*$/, ''))), `${s.glob}: ${s.source}`).toBe(true);
    }
    const agents = new Set(AGENT_SURFACES.flatMap((s) => s.agents));
    for (const agent of [
      'Claude Code',
      'Codex',
      'Gemini CLI',
      'GitHub Copilot',
      'Cursor',
      'Windsurf',
      'Cline',
      'Roo Code',
      'Kiro',
      'OpenCode',
      'oh-my-codex',
      'oh-my-claudecode',
    ] as const)
      expect(agents.has(agent), agent).toBe(true);
  });

  it('lists the places nobody had listed: commands, rules folders, chat modes, Codex and oh-my-codex prompts', () => {
    const classify = surfaceClassifier();
    const kinds = Object.fromEntries(
      [
        '.claude/commands/deploy.md',
        'plugins/backend/commands/feature.md',
        '.gemini/commands/git/commit.toml',
        '.clinerules/general.md',
        '.windsurf/rules/style.md',
        '.roo/rules/style.md',
        '.kiro/steering/tech.md',
        '.github/chatmodes/review.chatmode.md',
        '.codex/prompts/ship.md',
        'prompts/planner.md',
        '.mcp.json',
        '.claude/settings.json',
        '.omx/plans/test-spec-20260427T153100Z-export.md',
      ].map((p) => [p, classify(p)?.kind]),
    );
    expect(kinds).toEqual({
      '.claude/commands/deploy.md': 'command',
      'plugins/backend/commands/feature.md': 'command',
      '.gemini/commands/git/commit.toml': 'command',
      '.clinerules/general.md': 'rules',
      '.windsurf/rules/style.md': 'rules',
      '.roo/rules/style.md': 'rules',
      '.kiro/steering/tech.md': 'rules',
      '.github/chatmodes/review.chatmode.md': 'agent',
      '.codex/prompts/ship.md': 'command',
      'prompts/planner.md': 'command',
      '.mcp.json': 'mcp-config',
      '.claude/settings.json': 'settings',
      '.omx/plans/test-spec-20260427T153100Z-export.md': 'plan',
    });
  });

  it('finds commands and agents relative to a plugin root, and only there', () => {
    const paths = ['tools/ext/gemini-extension.json', 'tools/ext/commands/review.toml', '.claude-plugin/plugin.json', 'commands/ship.md'];
    const classify = surfaceClassifier(pluginRootsOf(paths));
    expect(classify('tools/ext/commands/review.toml')?.kind).toBe('command');
    expect(classify('commands/ship.md')?.kind).toBe('command');
    expect(surfaceClassifier()('commands/ship.md')).toBeUndefined();
  });

  it('classifies exactly as the list reads, first row wins (the indexed classifier against minimatch on every row)', async () => {
    const real = (
      await Promise.all(['real', 'skills-benign', 'skills-malicious'].map((d) => LocalDirSnapshot.open(join(CORPUS, d))))
    ).flatMap((s) => s.entries().map((e) => e.path));
    const layouts = (await LocalDirSnapshot.open(join(REPO_ROOT, 'test/fixtures/layouts'))).entries().map((e) => e.path);
    const generated = AGENT_SURFACES.flatMap((s) => examplesOf(s.glob).flatMap((p) => [p, `plugins/p/${p}`, `${p}.bak`, `x${p}`]));
    const noise = [
      'README.md',
      'agents/README.md',
      'docs/commands/init.md',
      'src/prompts/a.md',
      '.omx/plans/archive/prd-x.md',
      'x/prd.json',
    ];
    const paths = [...new Set([...real, ...layouts, ...generated, ...noise, 'ext/gemini-extension.json', '.claude-plugin/plugin.json'])];
    const roots = pluginRootsOf(paths);
    expect(roots.size).toBeGreaterThan(1);
    const classify = surfaceClassifier(roots);
    const listed = new Set(paths);
    const byLookup = surfaceClassifier(pluginRootTest((p) => (listed.has(p) ? p : undefined)));
    const differ = paths.filter((p) => classify(p) !== naiveSurface(p, roots) || byLookup(p) !== classify(p));
    expect(differ).toEqual([]);
    expect(paths.filter((p) => classify(p)).length).toBeGreaterThan(200);
  });

  it('is where the default skill roots come from', () => {
    expect(DEFAULT_SKILL_ROOTS).toEqual([
      '.github/skills',
      '.claude/skills',
      '.agents/skills',
      '.codex/skills',
      '.cursor/skills',
      '.gemini/skills',
      '.opencode/skills',
    ]);
  });
});
