import { describe, expect, it } from 'vitest';
import { PRD_BODY, SPEC_BODY, evaluateFiles, ruleIds } from '../support/evaluate-files.js';

const PLANS = '.omx/plans';

describe('plans gate (oh-my-codex layout)', () => {
  it('blocks a timestamped PRD whose only test spec has a legacy name, naming the exact file needed', async () => {
    const report = await evaluateFiles({
      [`${PLANS}/prd-20260427T153100Z-alpha.md`]: PRD_BODY,
      [`${PLANS}/test-spec-alpha.md`]: SPEC_BODY,
    });
    expect(report.gate).toBe('blocked');
    const finding = report.findings.find((f) => f.ruleId === 'plans/missing_test_spec');
    expect(finding?.severity).toBe('error');
    expect(finding?.message).toContain('test-spec-20260427T153100Z-alpha.md');
    expect(report.details.plans?.missing).toEqual(['test-spec-*.md']);
  });

  it('lists deep-interview specs (top level of .omx/specs, .md, not autoresearch) as a note and never requires one', async () => {
    const report = await evaluateFiles({
      [`${PLANS}/prd-20260427T153100Z-alpha.md`]: PRD_BODY,
      [`${PLANS}/test-spec-20260427T153100Z-alpha.md`]: SPEC_BODY,
      '.omx/specs/deep-interview-alpha.md': '# Interview\n',
      '.omx/specs/.deep-interview-hidden.md': '# not the prefix\n',
      '.omx/specs/deep-interview-.notes.md': '# dot inside the name\n',
      '.omx/specs/deep-interview-autoresearch-alpha.md': '# autoresearch\n',
      '.omx/specs/old/deep-interview-beta.md': '# nested\n',
      '.omx/specs/deep-interview-gamma.txt': 'not markdown\n',
      'docs/.omx/specs/deep-interview-delta.md': '# elsewhere\n',
    });
    expect(report.gate).toBe('unlocked');
    expect(report.details.notes).toContain(
      'deep-interview specs: `.omx/specs/deep-interview-.notes.md`, `.omx/specs/deep-interview-alpha.md`',
    );
  });

  it('unlocks the same tree with matching: any', async () => {
    const report = await evaluateFiles(
      { [`${PLANS}/prd-20260427T153100Z-alpha.md`]: PRD_BODY, [`${PLANS}/test-spec-alpha.md`]: SPEC_BODY },
      { config: 'plans:\n  matching: any\n' },
    );
    expect(report.gate).toBe('unlocked');
    expect(report.details.plans?.testSpec).toBe(`${PLANS}/test-spec-alpha.md`);
  });

  it('unlocks a timestamped PRD with its exact timestamped test spec, and a legacy PRD with any same-slug spec', async () => {
    const timestamped = await evaluateFiles({
      [`${PLANS}/prd-20260427T153100Z-alpha.md`]: PRD_BODY,
      [`${PLANS}/test-spec-20260427T153100Z-alpha.md`]: SPEC_BODY,
    });
    expect(timestamped.gate).toBe('unlocked');
    const legacy = await evaluateFiles({
      [`${PLANS}/prd-alpha.md`]: PRD_BODY,
      [`${PLANS}/test-spec-20260101T000000Z-alpha.md`]: SPEC_BODY,
    });
    expect(legacy.gate).toBe('unlocked');
  });

  it('selects the latest PRD: a stale complete plan does not unlock a newer incomplete one', async () => {
    const report = await evaluateFiles({
      [`${PLANS}/prd-20260101T000000Z-old.md`]: PRD_BODY,
      [`${PLANS}/test-spec-20260101T000000Z-old.md`]: SPEC_BODY,
      [`${PLANS}/prd-20260427T153100Z-new.md`]: PRD_BODY,
    });
    expect(report.gate).toBe('blocked');
    expect(report.details.plans?.prd).toBe(`${PLANS}/prd-20260427T153100Z-new.md`);
  });

  it('ignores plans in sub-folders: not detected without a config (and says why), missing with one', async () => {
    const files = {
      [`${PLANS}/archive/prd-alpha.md`]: PRD_BODY,
      [`${PLANS}/archive/test-spec-alpha.md`]: SPEC_BODY,
      [`${PLANS}/README.md`]: 'plans live here',
    };
    const detected = await evaluateFiles(files);
    expect(detected.checks.plans.status).toBe('skipped');
    expect(detected.setup?.nearMisses).toEqual([expect.stringContaining('`.omx/plans/` holds no PRD or test spec at its top level')]);
    const configured = await evaluateFiles(files, { config: 'presets: [omx]\n' });
    expect(configured.gate).toBe('blocked');
    expect(ruleIds(configured)).toEqual(['plans/missing_prd']);
    expect(configured.details.plans?.missing).toEqual(['prd-*.md', 'test-spec-*.md']);
  });

  it('matches TESTSPEC-x.md case-insensitively', async () => {
    const report = await evaluateFiles({ [`${PLANS}/prd-x.md`]: PRD_BODY, [`${PLANS}/TESTSPEC-x.md`]: SPEC_BODY });
    expect(report.gate).toBe('unlocked');
  });

  it('follows a Plan: line in the PR body, and reports one that does not exist', async () => {
    const files = {
      [`${PLANS}/prd-20260101T000000Z-a.md`]: PRD_BODY,
      [`${PLANS}/test-spec-20260101T000000Z-a.md`]: SPEC_BODY,
      [`${PLANS}/prd-20260427T153100Z-b.md`]: PRD_BODY,
    };
    const chosen = await evaluateFiles(files, { context: { prBody: `Implements A.\n\nPlan: ${PLANS}/prd-20260101T000000Z-a.md\n` } });
    expect(chosen.gate).toBe('unlocked');
    const missing = await evaluateFiles(files, { context: { prBody: 'Plan: .omx/plans/prd-nope.md' } });
    expect(ruleIds(missing)).toContain('plans/plan_reference_not_found');
    expect(missing.gate).toBe('blocked');
  });

  it('warns about names with an empty slug', async () => {
    const report = await evaluateFiles({
      [`${PLANS}/prd-20260427T153100Z.md`]: PRD_BODY,
      [`${PLANS}/prd-a.md`]: PRD_BODY,
      [`${PLANS}/test-spec-a.md`]: SPEC_BODY,
    });
    const finding = report.findings.find((f) => f.ruleId === 'plans/unparseable_name');
    expect(finding?.severity).toBe('warning');
    expect(finding?.file).toBe(`${PLANS}/prd-20260427T153100Z.md`);
    expect(report.gate).toBe('unlocked');
  });

  it('checks the omc layout under .omc/plans with the same name rules', async () => {
    const report = await evaluateFiles({ '.omc/plans/prd-a.md': PRD_BODY, '.omc/plans/test-spec-b.md': SPEC_BODY });
    expect(report.details.plans?.layout).toBe('omc');
    expect(ruleIds(report)).toContain('plans/missing_test_spec');
  });

  it('uses custom dirs and patterns from config', async () => {
    const report = await evaluateFiles(
      { 'docs/plans/requirements-a.md': PRD_BODY, 'docs/plans/verification-a.md': SPEC_BODY },
      {
        config:
          'presets: []\nchecks: [plans]\nplans:\n  layout: custom\n  dir: docs/plans\n  prdPatterns: ["requirements-*.md"]\n  testSpecPatterns: ["verification-*.md"]\n  matching: any\n',
      },
    );
    expect(report.gate).toBe('unlocked');
    expect(report.details.plans?.prd).toBe('docs/plans/requirements-a.md');
  });
});
