import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectLayout } from '../../src/core/config/detect.js';
import { resolveConfig, type ResolvedConfig } from '../../src/core/config/resolve-config.js';
import { runCatalogCheck } from '../../src/core/catalog/run-catalog-check.js';
import { evaluate } from '../../src/core/evaluate.js';
import type { Finding } from '../../src/core/finding.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { lineOf, REAL_OMP } from './catalog-harness.js';

/** The skill folders the upstream catalog leaves out (corpus README, "The catalog has drifted"). */
const UNCATALOGED = [
  'daily-log',
  'goal',
  'handoff',
  'history-analyze',
  'project-goal',
  'qa-browse',
  'schedule',
  'skill-bench',
  'skill-retro',
  'ultragoal',
  'wayfinder',
];

async function check(dir: string): Promise<{ findings: Finding[]; config: ResolvedConfig }> {
  const snapshot = await LocalDirSnapshot.open(dir);
  const config = resolveConfig(undefined, detectLayout(snapshot), 'detected');
  return { findings: (await runCatalogCheck(snapshot, config, {})).findings, config };
}

describe('catalog check on the real oh-my-copilot repository', () => {
  let findings: Finding[];
  let config: ResolvedConfig;
  beforeAll(async () => {
    ({ findings, config } = await check(REAL_OMP));
  });

  it('is configured by the detected omp preset', () => {
    expect(config.appliedPresets).toContain('omp');
    expect(config.enabledChecks).toContain('catalog');
    expect(config.catalog).toEqual({
      skillRoots: ['.github/skills'],
      catalogDir: 'catalog',
      portability: true,
      uncataloged: 'error',
      ignore: [],
    });
  });

  it('reports exactly the 11 skill directories the catalog does not list, each with its path', () => {
    const uncataloged = findings.filter((f) => f.ruleId === 'catalog/skill_uncataloged');
    expect(uncataloged.map((f) => f.file)).toEqual(UNCATALOGED.map((name) => `.github/skills/${name}/SKILL.md`));
    for (const [i, f] of uncataloged.entries()) {
      expect(f).toMatchObject({ check: 'catalog', severity: 'error', line: 1 });
      expect(f.message).toContain(`.github/skills/${UNCATALOGED[i]}/`);
    }
  });

  it("finds the bundle's own structural rules satisfied: no other error", () => {
    expect(findings.filter((f) => f.severity === 'error' && f.ruleId !== 'catalog/skill_uncataloged')).toEqual([]);
  });

  it("warns on the three skills whose summary drifted from their capability's, and on nothing else", () => {
    const others = findings.filter((f) => f.ruleId !== 'catalog/skill_uncataloged');
    const text = readFileSync(join(REAL_OMP, 'catalog/skills-general.json'), 'utf8');
    expect(others.map((f) => [f.ruleId, f.severity, f.file, f.line])).toEqual([
      [
        'catalog/summary_mismatch',
        'warning',
        'catalog/skills-general.json',
        lineOf(text, '"summary": "Split approved plans into visible tmux lanes by default."'),
      ],
      [
        'catalog/summary_mismatch',
        'warning',
        'catalog/skills-general.json',
        lineOf(text, '"summary": "Re-run an agent until a shell gate passes."'),
      ],
      [
        'catalog/summary_mismatch',
        'warning',
        'catalog/skills-general.json',
        lineOf(text, '"summary": "Verify an omp change with a static gate plus a live BYOK run."'),
      ],
    ]);
    expect(others.map((f) => f.message.match(/^Skill "([^"]+)"/)?.[1])).toEqual(['team', 'loop', 'verify-byok']);
  });

  it('runs through evaluate() with the detected config and fails the catalog check', async () => {
    const result = await evaluate({
      snapshot: await LocalDirSnapshot.open(REAL_OMP),
      configFile: '.github/plangate.yml',
      checks: ['catalog'],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.report.checks.catalog).toEqual({ status: 'fail', errors: 11, warnings: 3, notices: 0 });
  });
});

describe('catalog check on an edited copy of the real repository', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'plangate-omp-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function freshCopy(name: string): string {
    const target = join(dir, name);
    cpSync(REAL_OMP, target, { recursive: true });
    return target;
  }

  it('reports a directory as uncataloged once its catalog entry is removed', async () => {
    const repo = freshCopy('removed-entry');
    const file = join(repo, 'catalog/skills-general.json');
    const catalog = JSON.parse(readFileSync(file, 'utf8'));
    catalog.skills = catalog.skills.filter((s: { name: string }) => s.name !== 'tdd');
    writeFileSync(file, JSON.stringify(catalog, null, 2));
    const { findings } = await check(repo);
    const uncataloged = findings.filter((f) => f.ruleId === 'catalog/skill_uncataloged').map((f) => f.file);
    expect(uncataloged).toEqual([...UNCATALOGED, 'tdd'].sort().map((name) => `.github/skills/${name}/SKILL.md`));
    // The two capabilities sourced from tdd now name a skill the catalog does not have.
    expect(findings.filter((f) => f.ruleId === 'catalog/unknown_source_skill').map((f) => f.message)).toEqual([
      expect.stringContaining('"tdd"'),
      expect.stringContaining('"testing.tdd"'),
    ]);
  });

  it('reports the catalog entry of a deleted skill directory as skill_missing', async () => {
    const repo = freshCopy('deleted-dir');
    rmSync(join(repo, '.github/skills/caveman'), { recursive: true });
    const { findings } = await check(repo);
    const text = readFileSync(join(repo, 'catalog/skills-general.json'), 'utf8');
    expect(findings.filter((f) => f.ruleId === 'catalog/skill_missing')).toEqual([
      expect.objectContaining({
        severity: 'error',
        file: 'catalog/skills-general.json',
        line: lineOf(text, '"sourcePath": ".github/skills/caveman/SKILL.md"'),
        message: expect.stringContaining('.github/skills/caveman/SKILL.md'),
      }),
    ]);
    expect(findings.filter((f) => f.ruleId === 'catalog/skill_uncataloged')).toHaveLength(UNCATALOGED.length);
  });
});
