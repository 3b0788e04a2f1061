import { describe, expect, it } from 'vitest';
import { describeDiscovery } from '../../src/core/discovery/describe-discovery.js';
import { discoverSkills } from '../../src/core/discovery/discover-skills.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import { join } from 'node:path';
import { CORPUS, REPO_ROOT } from '../support/paths.js';

const md = '---\nname: x\ndescription: d\n---\n';
const tree = (paths: string[]) => new MemorySnapshot(Object.fromEntries(paths.map((p) => [p, md])));

describe('discoverSkills', () => {
  it('finds a folder holding SKILL.md at any depth: top-level, curated, system and plugin layouts', () => {
    const found = discoverSkills(
      tree([
        'skills/pdf/SKILL.md',
        'skills/pdf/reference.md',
        'skills/.curated/gh-fix/SKILL.md',
        'skills/.system/installer/SKILL.md',
        'plugins/a/skills/review/SKILL.md',
        'plugins/b/skills/deploy/SKILL.md',
        'plugins/b/skills/deploy/scripts/run.sh',
        'README.md',
      ]),
    );
    expect(found.skills.map((s) => s.dir)).toEqual([
      'plugins/a/skills/review',
      'plugins/b/skills/deploy',
      'skills/.curated/gh-fix',
      'skills/.system/installer',
      'skills/pdf',
    ]);
    expect(found.skills.find((s) => s.dir === 'skills/.curated/gh-fix')).toMatchObject({
      name: 'gh-fix',
      parent: 'skills/.curated',
      skillFile: 'skills/.curated/gh-fix/SKILL.md',
    });
    expect(found.skillCount).toBe(5);
    expect(found.roots).toEqual([
      { root: 'skills', skills: 3 },
      { root: 'plugins/*/skills', skills: 2 },
    ]);
    expect(describeDiscovery(found)).toBe('5 skills in skills/, plugins/*/skills/');
  });

  it('finds skills that sit at the top level, and a repository that is itself one skill', () => {
    const topLevel = discoverSkills(tree(['canvas/SKILL.md', 'docs/SKILL.md', 'document-skills/pdf/SKILL.md']));
    expect(topLevel.roots).toEqual([
      { root: '', skills: 2 },
      { root: 'document-skills', skills: 1 },
    ]);
    expect(describeDiscovery(topLevel)).toBe('3 skills in the top level, document-skills/');
    const single = discoverSkills(tree(['SKILL.md', 'scripts/run.sh']));
    expect(single.skills).toEqual([{ dir: '', name: '', skillFile: 'SKILL.md', parent: '', mode: 'file' }]);
  });

  it('never looks into ignored folders, and says what it skipped', () => {
    const found = discoverSkills(
      tree([
        'node_modules/pkg/skills/a/SKILL.md',
        'vendor/x/SKILL.md',
        'test/fixtures/evil/SKILL.md',
        'test/fixtures/evil2/SKILL.md',
        '.git/skills/a/SKILL.md',
        'skills/real/SKILL.md',
        'vendor/agents/spy.md',
      ]),
    );
    expect(found.skills.map((s) => s.dir)).toEqual(['skills/real']);
    expect(found.agentFiles).toEqual([]);
    expect(found.ignored).toEqual([
      { dir: 'test/fixtures', skills: 2 },
      { dir: '.git', skills: 1 },
      { dir: 'node_modules', skills: 1 },
      { dir: 'vendor', skills: 1 },
    ]);
    expect(describeDiscovery(found)).toContain('not searched: test/fixtures/ (2 SKILL.md)');
  });

  it('takes the ignore list from the caller: names at any depth and paths from the root', () => {
    const files = tree(['examples/a/SKILL.md', 'docs/examples/b/SKILL.md', 'vendor/c/SKILL.md']);
    expect(discoverSkills(files, { ignore: ['examples'] }).skills.map((s) => s.dir)).toEqual(['vendor/c']);
    expect(discoverSkills(files, { ignore: ['docs/examples'] }).skills.map((s) => s.dir)).toEqual(['examples/a', 'vendor/c']);
    expect(discoverSkills(files, { ignore: [] }).skillCount).toBe(3);
  });

  it('lists agent files and instruction files outside skill folders', () => {
    const found = discoverSkills(
      tree([
        'agents/reviewer.md',
        'agents/README.md',
        '.github/agents/critic.agent.md',
        'plugins/p/agents/planner.md',
        'skills/creator/SKILL.md',
        'skills/creator/agents/grader.md',
        'AGENTS.md',
        'packages/web/CLAUDE.md',
        '.github/copilot-instructions.md',
        '.github/instructions/ts.instructions.md',
        '.cursor/rules/style.mdc',
        'docs/agents.md',
      ]),
    );
    expect(found.agentFiles).toEqual(['.github/agents/critic.agent.md', 'agents/reviewer.md', 'plugins/p/agents/planner.md']);
    expect(found.instructionFiles).toEqual([
      '.cursor/rules/style.mdc',
      '.github/copilot-instructions.md',
      '.github/instructions/ts.instructions.md',
      'AGENTS.md',
      'packages/web/CLAUDE.md',
    ]);
  });

  it('stops listing at the cap but keeps counting', () => {
    const paths = Array.from({ length: 30 }, (_, i) => `skills/s${String(i).padStart(2, '0')}/SKILL.md`);
    const found = discoverSkills(tree(paths), { maxSkills: 10 });
    expect(found.skills).toHaveLength(10);
    expect(found.skillCount).toBe(30);
    expect(found.truncated).toBe(true);
    expect(found.roots).toEqual([{ root: 'skills', skills: 30 }]);
  });

  it('skips submodules and keeps a symlinked SKILL.md as a skill', () => {
    const snapshot = new MemorySnapshot({
      'skills/link/SKILL.md': { content: '../../etc/passwd', mode: 'symlink' },
      'skills/sub': { content: '', mode: 'submodule' },
    });
    expect(discoverSkills(snapshot).skills).toEqual([expect.objectContaining({ dir: 'skills/link', mode: 'symlink' })]);
  });

  it('stays linear on a deep, wide tree (no recursion over repository data)', () => {
    const deep = `${Array.from({ length: 5000 }, (_, i) => `d${i}`).join('/')}/SKILL.md`;
    const found = discoverSkills(tree([deep, ...Array.from({ length: 2000 }, (_, i) => `plugins/p${i}/skills/s/SKILL.md`)]));
    expect(found.skillCount).toBe(2001);
    expect(found.roots.map((r) => r.root)).toContain('plugins/*/skills');
  });
});

describe('discovery on real public layouts (vendored corpus)', () => {
  it('anthropics/skills: skills/<name>/SKILL.md and a template at the top level', async () => {
    const found = discoverSkills(await LocalDirSnapshot.open(`${CORPUS}/skills-benign/anthropics`));
    expect(found.roots.map((r) => r.root)).toEqual(['skills', '']);
    expect(found.skillCount).toBeGreaterThan(10);
    expect(found.agentFiles).toEqual([]);
  });

  it('wshobson/agents: plugins/<p>/skills/<name>/SKILL.md', async () => {
    const found = discoverSkills(await LocalDirSnapshot.open(`${CORPUS}/skills-benign/wshobson-agents`));
    expect(found.roots.map((r) => r.root)).toEqual(['plugins/*/skills']);
    expect(found.roots[0]!.skills).toBe(found.skillCount);
  });

  it('ComposioHQ/awesome-claude-skills: skills at the top level and one folder deeper', async () => {
    const found = discoverSkills(await LocalDirSnapshot.open(`${CORPUS}/skills-benign/ComposioHQ-awesome-claude-skills`));
    expect(found.roots.map((r) => r.root)).toEqual(['', 'document-skills']);
    expect(found.skills.map((s) => s.dir)).toContain('document-skills/pdf');
  });

  it('oh-my-copilot: .github/skills and .github/agents', async () => {
    const found = discoverSkills(await LocalDirSnapshot.open(`${CORPUS}/real/oh-my-copilot`));
    expect(found.roots).toEqual([{ root: '.github/skills', skills: 35 }]);
    expect(found.agentFiles).toHaveLength(8);
  });
});

describe('discovery lists the agent surfaces it found on the vendored real repositories and the layouts, by kind', () => {
  const fixtures = join(REPO_ROOT, 'test/fixtures');
  const cases: [string, Record<string, number>, string][] = [
    ['corpus/real/oh-my-copilot', { agent: 8, plan: 5 }, '35 skills in .github/skills/ · 8 agent files · 5 plan files'],
    ['corpus/real/wshobson-agents', { command: 1, plugin: 1 }, 'no skills · 1 command file · 1 plugin manifest'],
    ['corpus/real/oh-my-codex', { command: 1 }, 'no skills · 1 command file'],
    [
      'layouts/agent-surfaces',
      { agent: 1, instructions: 1, rules: 5, command: 3, 'mcp-config': 1, settings: 1 },
      'no skills · 1 agent file · 1 instruction file · 5 rules files · 3 command files · 1 MCP config · 1 agent settings file',
    ],
    ['layouts/omx', { plan: 2 }, 'no skills · 2 plan files'],
    ['layouts/ralphdex', { plan: 1 }, 'no skills · 1 plan file'],
    ['layouts/plugins', { agent: 2 }, '3 skills in plugins/*/skills/ · 2 agent files'],
  ];
  for (const [dir, counts, line] of cases) {
    it(dir, async () => {
      const found = discoverSkills(await LocalDirSnapshot.open(join(fixtures, dir)));
      expect(found.surfaceCounts).toEqual(counts);
      expect(describeDiscovery(found)).toBe(line);
    });
  }
});
