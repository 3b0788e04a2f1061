import { describe, expect, it } from 'vitest';
import { PRD_BODY, SPEC_BODY, evaluateFiles, ruleIds } from '../support/evaluate-files.js';

/** What oh-my-claudecode's planner writes: one `.omc/plans/{name}.md` with criteria and verification inside. */
const OMC_PLAN = `# Search filters

## Requirements Summary
Users filter search results by date and author so that long result lists become usable.

## Acceptance Criteria
- [ ] \`GET /search?author=ana\` returns only results whose author is ana
- [ ] an unknown author returns an empty list, not an error

## Verification Steps
- \`npm test -- search-filters\`
`;

describe('oh-my-claudecode layout: .omc/plans/{name}.md', () => {
  it('unlocks a repository whose plans are named the way its planner names them (no prd-*.md)', async () => {
    const report = await evaluateFiles({ '.omc/plans/search-filters.md': OMC_PLAN, 'src/search.ts': '' });
    expect(report.setup?.presets).toEqual([{ name: 'omc', because: '`.omc/plans/` holds search-filters.md' }]);
    expect(report.gate).toBe('unlocked');
    expect(report.findings.filter((f) => f.severity !== 'notice')).toEqual([]);
    expect(report.details.plans).toMatchObject({ layout: 'omc', prd: '.omc/plans/search-filters.md', status: 'UNLOCKED' });
  });

  it('judges the plan this change edits, not just the last by name', async () => {
    const files = { '.omc/plans/a-done.md': OMC_PLAN, '.omc/plans/z-draft.md': '# Draft\n' };
    const last = await evaluateFiles(files, { context: { changedFiles: ['src/x.ts'] } });
    expect(last.details.plans?.prd).toBe('.omc/plans/z-draft.md');
    expect(ruleIds(last)).toContain('plans/empty_artifact');
    const edited = await evaluateFiles(files, { context: { changedFiles: ['src/x.ts', '.omc/plans/a-done.md'] } });
    expect(edited.details.plans).toMatchObject({ prd: '.omc/plans/a-done.md', selectedBy: 'changed by this change', status: 'UNLOCKED' });
  });

  it('warns on a plan with no acceptance criteria and no verification steps, saying "plan"', async () => {
    const report = await evaluateFiles({
      '.omc/plans/vague.md': '# Vague\n\nMake the search better for everyone who uses it, somehow, soon.\n',
    });
    expect(report.gate).toBe('unlocked');
    const warnings = report.findings.filter((f) => f.severity === 'warning');
    expect(warnings.map((f) => f.ruleId).sort()).toEqual(['plans/no_acceptance_criteria', 'plans/no_verification_command']);
    expect(warnings[0]?.message).toMatch(/^The plan `/);
  });

  it('keeps the oh-my-codex names working under .omc/plans (prd-*.md with a test spec)', async () => {
    const report = await evaluateFiles({ '.omc/plans/prd-x.md': PRD_BODY, '.omc/plans/test-spec-x.md': SPEC_BODY });
    expect(report.gate).toBe('unlocked');
    expect(report.details.plans?.testSpec).toBe('.omc/plans/test-spec-x.md');
  });

  it('an .omc/ holding only project skills is not a plan gate (the oh-my-claudecode repository itself)', async () => {
    const report = await evaluateFiles({
      '.omc/skills/helper/SKILL.md': '---\nname: helper\ndescription: Helps with the repository build.\n---\n# Helper\n',
      'src/index.ts': '',
    });
    expect(report.checks.plans.status).toBe('skipped');
    expect(report.checks.catalog.status).toBe('pass');
    expect(report.setup?.nearMisses[0]).toContain('`.omc/` holds no plan');
  });

  it('blocks an omc repository with no plan at all, saying where the planner writes', async () => {
    const report = await evaluateFiles({ '.omc/prd.json': '{}' }, { checks: ['plans'] });
    expect(report.gate).toBe('blocked');
    expect(report.findings.find((f) => f.ruleId === 'plans/missing_prd')?.message).toContain('.omc/plans/<name>.md');
  });
});
