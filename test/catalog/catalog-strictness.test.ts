import { describe, expect, it } from 'vitest';
import { evaluateFiles } from '../support/evaluate-files.js';
import { readTree, REAL_OMP } from './catalog-harness.js';

const uncataloged = (findings: { ruleId: string; severity: string }[]) => findings.filter((f) => f.ruleId === 'catalog/skill_uncataloged');

describe('catalog parity strictness (catalog.uncataloged)', () => {
  const repo = readTree(REAL_OMP);

  it('is an error by default: the 11 uncatalogued oh-my-copilot skills fail the catalog check', async () => {
    const report = await evaluateFiles(repo, { checks: ['catalog'] });
    expect(uncataloged(report.findings).map((f) => f.severity)).toEqual(Array(11).fill('error'));
    expect(report.checks.catalog.status).toBe('fail');
  });

  it('warning reports them without failing; off leaves them out', async () => {
    const warned = await evaluateFiles(repo, { checks: ['catalog'], config: 'catalog:\n  uncataloged: warning\n' });
    expect(uncataloged(warned.findings).map((f) => f.severity)).toEqual(Array(11).fill('warning'));
    expect(warned.checks.catalog.status).toBe('pass');
    const off = await evaluateFiles(repo, { checks: ['catalog'], config: 'catalog:\n  uncataloged: off\n' });
    expect(uncataloged(off.findings)).toEqual([]);
    expect(off.findings.filter((f) => f.ruleId === 'catalog/skill_missing')).toEqual([]);
  });

  it('a configured root that holds no skill is a warning naming it', async () => {
    const report = await evaluateFiles(
      { 'skills/a/SKILL.md': '---\nname: a\ndescription: Formats the changelog of the repository.\n---\n# A\n' },
      { config: 'checks: [catalog]\ncatalog:\n  skillRoots: [skills, .claude/skills]\n' },
    );
    const empty = report.findings.filter((f) => f.ruleId === 'catalog/skill_root_empty');
    expect(empty).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: 'The skill root .claude/skills/ holds no skill (no folder with a SKILL.md below it).',
      }),
    ]);
  });

  it('catalog.ignore accepts findings by rule and path with a reason; without one, or matching nothing, it says so', async () => {
    const config = [
      'catalog:',
      '  ignore:',
      '    - { rule: catalog/skill-uncataloged, paths: [".github/skills/goal/**", ".github/skills/handoff/**"], reason: "catalogued upstream next release" }',
      '    - { rule: catalog/skill-uncataloged, paths: [".github/skills/qa-browse/**"], reason: "" }',
      '    - { rule: skills/name_invalid, paths: ["nowhere/**"], reason: "old names" }',
      '',
    ].join('\n');
    const report = await evaluateFiles(repo, { checks: ['catalog'], config });
    expect(uncataloged(report.findings)).toHaveLength(9);
    expect(report.suppressed).toBe(2);
    expect(
      report.findings.filter((f) => f.ruleId.startsWith('catalog/suppression_')).map((f) => [f.ruleId, f.severity, f.message]),
    ).toEqual([
      [
        'catalog/suppression_without_reason',
        'warning',
        'catalog.ignore[1] (catalog/skill-uncataloged on .github/skills/qa-browse/**) gives no reason, so it does not suppress anything.',
      ],
      [
        'catalog/suppression_unused',
        'notice',
        'catalog.ignore[2] (skills/name_invalid on nowhere/**) matched no finding; it can be removed (or its rule or paths fixed).',
      ],
    ]);
  });
});
