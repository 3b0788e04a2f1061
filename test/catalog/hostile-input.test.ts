import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintSkillFile } from '../../src/core/catalog/lint-skill-file.js';
import { runChecks } from '../../src/core/check.js';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import { catalogConfig, miniRepo, ruleIds, runCatalog } from './catalog-harness.js';

describe('catalog check on hostile input', () => {
  it('lints any SKILL.md text into issues with real lines, never an exception', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), fc.boolean(), (body, portability) => {
        const text = `---\n${body}`;
        const lines = text.split(/\r\n|\r|\n/).length;
        for (const issue of lintSkillFile(text, { dirName: 'x', portability })) {
          expect(issue.line).toBeGreaterThanOrEqual(1);
          expect(issue.line).toBeLessThanOrEqual(lines);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('handles odd directory names, a 1 MB single line, NUL bytes and absurdly nested catalog JSON', async () => {
    const files: Record<string, string | Uint8Array> = miniRepo();
    for (const name of ['with space', 'ünïcödé', '<img src=x>', '@user']) {
      files[`.github/skills/${name}/SKILL.md`] = `---\nname: ${JSON.stringify(name)}\ndescription: d\n---\n`;
    }
    files['.github/skills/alpha/SKILL.md'] = `---\nname: alpha\ndescription: ${'x'.repeat(1_000_000)}\n---\n`;
    files['.github/skills/beta/SKILL.md'] = new Uint8Array([45, 45, 45, 10, 0, 0, 0, 10, 45, 45, 45, 10]);
    files['catalog/capabilities.json'] = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const findings = await runCatalog(files);
    expect(ruleIds(findings)).toEqual([
      'catalog/json_invalid',
      ...Array(4).fill('catalog/skill_uncataloged'),
      'skills/description_too_long',
      'skills/frontmatter_invalid',
      ...Array(4).fill('skills/name_invalid'),
    ]);
  });

  it('never becomes a catalog/internal_error through runChecks', async () => {
    const files: Record<string, string> = miniRepo();
    files['catalog/skills-general.json'] =
      '{"schemaVersion": 1, "skills": [null, [], "x", {"name": {"a": 1}, "aliases": [1, null], "capabilityIds": "no"}]}';
    const report = await runChecks(new MemorySnapshot(files), { ...catalogConfig(), enabledChecks: ['catalog'] }, {});
    expect(report.findings.some((f) => f.ruleId === 'catalog/internal_error')).toBe(false);
    expect(report.checks.catalog.status).toBe('fail');
  });
});
