import { describe, expect, it } from 'vitest';
import { PRD_BODY, SPEC_BODY, evaluateFiles, ruleIds } from '../support/evaluate-files.js';

const COMPLETE = { '.omx/plans/prd-20260427T153100Z-a.md': PRD_BODY, '.omx/plans/test-spec-20260427T153100Z-a.md': SPEC_BODY };
const INCOMPLETE = { '.omx/plans/prd-20260427T153100Z-a.md': PRD_BODY, 'src/app.ts': '' };

describe('a change that touches nothing a plan covers is not blocked', () => {
  it('by default (require: when-changed) a docs or workflow change needs no plan, a code change does', async () => {
    const docs = await evaluateFiles(INCOMPLETE, { context: { changedFiles: ['README.md', 'docs/usage.md', '.github/workflows/ci.yml'] } });
    expect(docs.gate).toBe('not-required');
    expect(docs.checks.plans.status).toBe('pass');
    const code = await evaluateFiles(INCOMPLETE, { context: { changedFiles: ['README.md', 'src/app.ts'] } });
    expect(code.gate).toBe('blocked');
  });

  it('says why this change needs a plan: the files that matched, or require: always, or no change to compare', async () => {
    const code = await evaluateFiles(COMPLETE, {
      context: { changedFiles: ['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/d.ts', 'README.md'] },
    });
    expect(code.details.plans?.requiredBecause).toBe(
      'this change touches `src/a.ts`, `src/b.ts`, `src/c.ts` and 1 more (plans.whenChanged: **, !**/*.md, !.github/**)',
    );
    const always = await evaluateFiles(COMPLETE, { config: 'plans:\n  require: always\n', context: { changedFiles: ['README.md'] } });
    expect(always.details.plans?.requiredBecause).toBe('plans.require is always');
    const tree = await evaluateFiles(COMPLETE);
    expect(tree.details.plans?.requiredBecause).toMatch(/^there is no change to compare against/);
  });
});

describe('mustChangeInPr never passes silently', () => {
  const config = 'plans:\n  mustChangeInPr: true\n';

  it('fails with plan_change_unknown when the evaluation is of a change whose files are unknown', async () => {
    const report = await evaluateFiles(COMPLETE, {
      config,
      context: { changeUnknown: 'no --base was given and no default branch was found' },
    });
    expect(report.gate).toBe('blocked');
    expect(ruleIds(report)).toEqual(['plans/missing_adr', 'plans/plan_change_unknown']);
    expect(report.findings.find((f) => f.ruleId === 'plans/plan_change_unknown')?.message).toContain('no --base was given');
  });

  it('does not apply where there is no change at all (an issue label evaluates the default branch)', async () => {
    const report = await evaluateFiles(COMPLETE, { config });
    expect(report.gate).toBe('unlocked');
  });

  it('an empty change has nothing to require', async () => {
    const report = await evaluateFiles(COMPLETE, { config: `${config}  require: always\n`, context: { changedFiles: [] } });
    expect(report.gate).toBe('unlocked');
  });
});
