import { describe, expect, it } from 'vitest';
import { parsePlanPins, planPinProblems, type PlanFileRead } from '../../src/core/ralph/plan-pins.js';

const COMMIT = 'c'.repeat(40);
const prd: PlanFileRead = { role: 'PRD', path: 'plans/prd-x.md', blob: { sha1: 'a'.repeat(40), sha256: 'a'.repeat(64) } };
const spec: PlanFileRead = { role: 'test spec', path: 'plans/test-spec-x.md', blob: { sha1: 'b'.repeat(40), sha256: 'b'.repeat(64) } };

describe('plan pins', () => {
  it('reads full object ids only, lower-cased, and empty values as no pin', () => {
    expect(parsePlanPins({ commit: ` ${COMMIT.toUpperCase()} `, prdSha: '', testSpec: './plans/test-spec-x.md' })).toEqual({
      ok: true,
      pins: { commit: COMMIT, testSpec: 'plans/test-spec-x.md' },
    });
    expect(parsePlanPins({ prdSha: 'abc1234', testSpecSha: 'z'.repeat(40) })).toEqual({
      ok: false,
      problems: [
        'the PRD blob SHA "abc1234" is not a full object id (40 or 64 hex digits)',
        `the test spec blob SHA "${'z'.repeat(40)}" is not a full object id (40 or 64 hex digits)`,
      ],
    });
  });

  it('compares a sha256 pin with the sha256 blob id of the bytes read', () => {
    const problems = planPinProblems({
      pins: { prdSha: 'a'.repeat(64), testSpecSha: 'f'.repeat(64) },
      prd,
      testSpec: spec,
      files: [prd, spec],
      absent: [],
    });
    expect(problems).toEqual([
      `plans/test-spec-x.md is not the approved test spec: expected blob ${'f'.repeat(64)}, found ${'b'.repeat(64)}`,
    ]);
  });

  it('names a test spec other than the approved one', () => {
    expect(planPinProblems({ pins: { testSpec: 'plans/test-spec-y.md' }, prd, testSpec: spec, files: [prd, spec], absent: [] })).toEqual([
      'the approved test spec is plans/test-spec-y.md, but the run would read plans/test-spec-x.md',
    ]);
  });

  it('checks the stories file against its pin: another blob, or none read (the stories would come from the PRD)', () => {
    const stories: PlanFileRead = {
      role: 'stories file',
      path: 'plans/prd-x.json',
      blob: { sha1: 'e'.repeat(40), sha256: 'e'.repeat(64) },
    };
    expect(parsePlanPins({ storiesSha: ` ${'E'.repeat(40)} ` })).toEqual({ ok: true, pins: { storiesSha: 'e'.repeat(40) } });
    expect(parsePlanPins({ storiesSha: 'prd-x.json' })).toEqual({
      ok: false,
      problems: ['the stories file blob SHA "prd-x.json" is not a full object id (40 or 64 hex digits)'],
    });
    const pins = { storiesSha: 'd'.repeat(40) };
    expect(planPinProblems({ pins, prd, stories, files: [prd, stories], absent: [] })).toEqual([
      `plans/prd-x.json is not the approved stories file: expected blob ${'d'.repeat(40)}, found ${'e'.repeat(40)}`,
    ]);
    expect(planPinProblems({ pins, prd, files: [prd], absent: ['plans/prd-x.json', '.omc/prd.json'] })).toEqual([
      `the approved plan has a stories file (blob ${'d'.repeat(40)}), but the run found none to read: its stories would come from the PRD`,
    ]);
    expect(planPinProblems({ pins: { storiesSha: 'e'.repeat(64) }, prd, stories, files: [prd, stories], absent: [] })).toEqual([]);
  });

  it('with a commit: a stories file the commit has but the work tree lost, and a file the commit does not have', () => {
    const atCommit = new Map<string, string | null>([
      [prd.path, prd.blob.sha1],
      [spec.path, null],
      ['plans/prd-x.json', 'd'.repeat(40)],
      ['.omc/prd.json', null],
    ]);
    const problems = planPinProblems({
      pins: { commit: COMMIT },
      prd,
      testSpec: spec,
      files: [prd, spec],
      absent: ['plans/prd-x.json', '.omc/prd.json'],
      checkout: { head: COMMIT, objectFormat: 'sha1', atCommit },
    });
    expect(problems).toEqual([
      `plans/test-spec-x.md (the test spec) is not in the approved commit ${COMMIT.slice(0, 12)}`,
      `plans/prd-x.json is in the approved commit ${COMMIT.slice(0, 12)} (blob ${'d'.repeat(40)}) but missing from the work tree`,
    ]);
  });

  it('with a commit: a workdir that is not a git checkout, or one at another commit, says only that', () => {
    const base = { pins: { commit: COMMIT }, prd, files: [prd], absent: [] };
    expect(planPinProblems(base)).toEqual([`the run is pinned to commit ${COMMIT}, but the workdir is not a git checkout`]);
    expect(planPinProblems({ ...base, checkout: { objectFormat: 'sha1', atCommit: new Map() } })[0]).toMatch(
      /^the checkout is at no commit, not the approved commit c{40}: check out that commit/,
    );
  });
});
