import { describe, expect, it } from 'vitest';
import { renderJson } from '../../src/render/json.js';
import { LIMITS, renderMarkdown } from '../../src/render/markdown.js';
import { renderSarif } from '../../src/render/sarif.js';
import { renderText } from '../../src/render/text.js';
import { evaluateFiles } from '../support/evaluate-files.js';

/**
 * Findings are capped per file and per rule so no flood crashes or drowns a run;
 * what is cut is counted, still fails the check, and every renderer says how many more there are.
 */
describe('finding caps', () => {
  it('1,200 skills with the same error: 500 listed, one "700 more" finding, 1,200 counted, the check fails — in every renderer', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 1200; i++) files[`.github/skills/s${String(i).padStart(4, '0')}/SKILL.md`] = 'no frontmatter\n';
    const report = await evaluateFiles(files, { config: 'checks: [catalog]\ncatalog:\n  skillRoots: [.github/skills]\n' });

    const byRule = new Map<string, number>();
    for (const f of report.findings) byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + 1);
    const [rule] = [...byRule].find(([, n]) => n > 500) ?? [];
    expect(rule).toBeDefined();
    const more = report.findings.filter((f) => f.ruleId === rule && / more /.test(f.message));
    expect(more).toHaveLength(1);
    expect(more[0]).toMatchObject({
      severity: 'error',
      message: `700 more ${rule} finding(s) in 700 file(s) are not listed (700 errors); they are counted and still fail the check.`,
    });
    expect(byRule.get(rule!)).toBe(501);
    expect(report.counts.error).toBeGreaterThanOrEqual(1200);
    expect(report.checks.catalog).toMatchObject({ status: 'fail' });
    expect(report.checks.catalog.errors).toBe(report.counts.error);

    expect(renderText(report)).toContain(`700 more ${rule} finding(s)`);
    // Markdown escapes the rule id's `_`; the count is what must show.
    expect(renderMarkdown(report, { maxLength: LIMITS.checkRunSummary })).toMatch(/700 more skills\/frontmatter\\?_missing finding/);
    expect(JSON.parse(renderJson(report)).findings.some((f: { message: string }) => f.message.startsWith(`700 more ${rule}`))).toBe(true);
    expect(
      JSON.parse(renderSarif(report)).runs[0].results.some((r: { message: { text: string } }) =>
        r.message.text.startsWith(`700 more ${rule}`),
      ),
    ).toBe(true);
  });
});
