import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectLayout } from '../../src/core/config/detect.js';
import { renderConfigJsonSchema } from '../../src/core/config/json-schema.js';
import { formatConfigProblem } from '../../src/core/config/problems.js';
import { loadConfig } from '../../src/core/config/resolve-config.js';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';

const NONE = { presets: [], skillRoots: [] };

describe('config loading', () => {
  it('rejects an unknown key, naming it and its line', () => {
    const result = loadConfig('plans:\n  require: always\n  requre: never\n', '.github/plangate.yml', NONE);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ path: 'plans.requre', line: 3 });
    expect(formatConfigProblem(result.problems[0]!)).toContain('`requre`');
  });

  it('reports every problem at once, with path, expected and got', () => {
    const result = loadConfig('plans:\n  require: sometimes\nscan:\n  failOn: critical\n  maxFileBytes: big\nextra: 1\n', 'c.yml', NONE);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const byPath = Object.fromEntries(result.problems.map((p) => [p.path, p]));
    expect(Object.keys(byPath).sort()).toEqual(['extra', 'plans.require', 'scan.failOn', 'scan.maxFileBytes']);
    expect(byPath['plans.require']).toMatchObject({ expected: 'one of "always", "when-changed", "never"', got: '"sometimes"', line: 2 });
    expect(byPath['scan.maxFileBytes']).toMatchObject({ expected: 'number', got: '"big"' });
  });

  it('reports YAML syntax errors with their line and refuses custom tags', () => {
    const bad = loadConfig('plans:\n  require: [always\n', 'c.yml', NONE);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems[0]?.line).toBeGreaterThan(0);
    const tagged = loadConfig('plans: !!js/function "() => 1"\n', 'c.yml', NONE);
    expect(tagged.ok).toBe(false);
  });

  it('stops a YAML alias bomb instead of expanding it', () => {
    const layers = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 9; i++)
      layers.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    const result = loadConfig(`${layers.join('\n')}\n`, 'c.yml', NONE);
    expect(result.ok).toBe(false);
  });

  it('applies presets under the user file, key by key', () => {
    const result = loadConfig('presets: [omc]\nplans:\n  matching: any\n', 'c.yml', NONE);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.plans).toMatchObject({ layout: 'omc', dir: '.omc/plans', matching: 'any', require: 'when-changed' });
    expect(result.config.enabledChecks).toEqual(['plans', 'tasks']);
  });

  it('enables nothing for a repository with no known layout and no config', () => {
    const result = loadConfig(undefined, 'c.yml', NONE);
    expect(result.ok && result.config.enabledChecks).toEqual([]);
  });

  it('an explicit checks list wins over presets', () => {
    const result = loadConfig('presets: [omx, omp]\nchecks: [scan]\n', 'c.yml', NONE);
    expect(result.ok && result.config.enabledChecks).toEqual(['scan']);
  });
});

describe('layout detection', () => {
  it('detects every preset from where each tool writes its plans, with the reason', () => {
    const snapshot = new MemorySnapshot({
      '.omx/plans/prd-a.md': '',
      '.omc/plans/search-filters.md': '',
      '.spiral/plans/2026-05-01T10-00-00-x.md': '',
      '.ralph/tasks.json': '',
      'catalog/skills-general.json': '',
      '.claude/skills/review/SKILL.md': '',
      '.github/skills/deep/nested/SKILL.md': '',
    });
    const detected = detectLayout(snapshot);
    expect(detected.presets.sort()).toEqual(['omc', 'omp', 'omx', 'ralphdex', 'spiral']);
    expect(detected.evidence).toContainEqual({ preset: 'omc', because: '`.omc/plans/` holds search-filters.md' });
    expect(detected.skillRoots.sort()).toEqual(['.claude/skills', '.github/skills']);
    expect(detected.nearMisses).toEqual([]);
  });

  it('does not turn a plan gate on for a plans dir holding only sub-folders, or an .omc/ holding only skills, and says why', () => {
    const detected = detectLayout(
      new MemorySnapshot({
        '.omx/plans/archive/prd-old.md': '',
        '.omc/skills/helper/SKILL.md': '---\nname: helper\n---\n',
        '.spiral/plans/notes.md': '',
      }),
    );
    expect(detected.presets).toEqual([]);
    expect(detected.nearMisses?.map((m) => m.preset)).toEqual(['omx', 'omc', 'spiral']);
    expect(detected.nearMisses?.[0]?.because).toContain('sub-folders');
    expect(detected.skillRoots).toEqual(['.omc/skills']);
  });

  it('skill roots turn on the catalog lint and the scan, and the scan covers them', () => {
    const result = loadConfig(undefined, 'c.yml', {
      presets: [],
      skillRoots: ['skills', 'plugins/*/skills'],
      scanPaths: ['skills/**', 'plugins/*/skills/**'],
    });
    expect(result.ok && result.config.enabledChecks).toEqual(['catalog', 'scan']);
    expect(result.ok && result.config.catalog.skillRoots).toEqual(['skills', 'plugins/*/skills']);
    expect(result.ok && result.config.scan.paths).toEqual(
      expect.arrayContaining(['.github/skills/**', 'skills/**', 'plugins/*/skills/**']),
    );
  });
});

describe('options never enable a check', () => {
  it('a config that only tunes scan: does not turn the scan on; checks: does', () => {
    const tuned = loadConfig('scan:\n  failOn: medium\ncatalog:\n  portability: true\nplans:\n  requireAdr: true\n', 'c.yml', NONE);
    expect(tuned.ok && tuned.config.enabledChecks).toEqual([]);
    const asked = loadConfig('checks: [scan]\nscan:\n  failOn: medium\n', 'c.yml', NONE);
    expect(asked.ok && asked.config.enabledChecks).toEqual(['scan']);
  });

  it('configured skill roots are scanned too, unless scan.paths is given', () => {
    const roots = loadConfig('checks: [catalog, scan]\ncatalog:\n  skillRoots: [skills]\n', 'c.yml', NONE);
    expect(roots.ok && roots.config.scan.paths).toContain('skills/**');
    const own = loadConfig('checks: [scan]\ncatalog:\n  skillRoots: [skills]\nscan:\n  paths: ["x/**"]\n', 'c.yml', NONE);
    expect(own.ok && own.config.scan.paths).toEqual(['x/**']);
  });

  it('takes discovery.ignore from the config before detecting', () => {
    const snapshot = new MemorySnapshot({ 'examples/a/SKILL.md': '', 'skills/b/SKILL.md': '' });
    const detect = (options: { ignore: readonly string[] }) => detectLayout(snapshot, options);
    const all = loadConfig(undefined, 'c.yml', detect);
    expect(all.ok && all.config.catalog.skillRoots.sort()).toEqual(['examples', 'skills']);
    const ignored = loadConfig('discovery:\n  ignore: [examples]\n', 'c.yml', detect);
    expect(ignored.ok && ignored.config.catalog.skillRoots).toEqual(['skills']);
  });
});

describe('_extends in the core', () => {
  it('is part of the schema, but a config whose _extends nobody resolved is refused with its line, never half-applied', () => {
    const result = loadConfig('plans:\n  require: always\n_extends: acme/.github\n', 'c.yml', NONE);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([expect.objectContaining({ path: '_extends', line: 3 })]);
  });
});

describe('published JSON Schema', () => {
  it('schema/plangate.schema.json is generated from the Zod schema (run `npm run schema` when this fails)', () => {
    const committed = readFileSync(new URL('../../schema/plangate.schema.json', import.meta.url), 'utf8');
    expect(committed).toBe(renderConfigJsonSchema());
  });
});
