import { describe, expect, it } from 'vitest';
import { applyKeywordGate, extractKeywords, hasBypassPrefix, type KeywordGateOptions } from '../../src/core/plans/keyword-gate.js';
import { isWellSpecified } from '../../src/core/plans/well-specified.js';

const OPTIONS: KeywordGateOptions = {
  executionKeywords: ['ralph', 'autopilot', 'team', 'ultrawork'],
  planKeyword: 'ralplan',
  cancelKeyword: 'cancel',
  requireApproval: false,
  allowWellSpecified: false,
  actorMayBypass: false,
};
const INCOMPLETE = { complete: false, approved: false };
const COMPLETE = { complete: true, approved: false };

describe('keyword gate exits, in order', () => {
  it('no keywords → unchanged', () => {
    expect(applyKeywordGate([], 'ralph please', INCOMPLETE, OPTIONS)).toMatchObject({
      gateApplied: false,
      reason: 'no_keywords',
      keywords: [],
    });
  });
  it('cancel always wins', () => {
    expect(applyKeywordGate(['ralph', 'cancel'], '', INCOMPLETE, OPTIONS)).toMatchObject({ gateApplied: false, reason: 'cancel' });
  });
  it('ralplan already present → unchanged', () => {
    expect(applyKeywordGate(['ralph', 'ralplan'], '', INCOMPLETE, OPTIONS)).toMatchObject({
      gateApplied: false,
      reason: 'ralplan_present',
    });
  });
  it('no execution keyword → unchanged', () => {
    expect(applyKeywordGate(['bug', 'docs'], '', INCOMPLETE, OPTIONS)).toMatchObject({
      gateApplied: false,
      reason: 'no_execution_keyword',
    });
  });
  it('complete plan → unchanged; with requireApproval it also needs approval', () => {
    expect(applyKeywordGate(['ralph'], '', COMPLETE, OPTIONS)).toMatchObject({ gateApplied: false, reason: 'planning_complete' });
    const strict = { ...OPTIONS, requireApproval: true };
    expect(applyKeywordGate(['ralph'], '', COMPLETE, strict)).toMatchObject({
      gateApplied: true,
      reason: 'approval_required',
      keywords: ['ralplan'],
    });
    expect(applyKeywordGate(['ralph'], '', { complete: true, approved: true }, strict)).toMatchObject({
      gateApplied: false,
      reason: 'planning_complete',
    });
  });
  it('otherwise swaps every execution keyword for ralplan and reports what was gated', () => {
    expect(applyKeywordGate(['Ralph', 'team', 'bug'], '', INCOMPLETE, OPTIONS)).toEqual({
      keywords: ['bug', 'ralplan'],
      gateApplied: true,
      gatedKeywords: ['ralph', 'team'],
      reason: 'planning_incomplete',
    });
  });
  it('honours force: and ! only for actors with permission', () => {
    expect(applyKeywordGate(['ralph'], 'force: ship it', INCOMPLETE, OPTIONS).gateApplied).toBe(true);
    expect(applyKeywordGate(['ralph'], 'force: ship it', INCOMPLETE, { ...OPTIONS, actorMayBypass: true })).toMatchObject({
      gateApplied: false,
      reason: 'bypass',
    });
    expect(applyKeywordGate(['ralph'], '! now', INCOMPLETE, { ...OPTIONS, actorMayBypass: true }).reason).toBe('bypass');
    expect(hasBypassPrefix('`force:` is documented here')).toBe(false);
  });
  it('allowWellSpecified lets a specific request through, never an underspecified one', () => {
    const opts = { ...OPTIONS, allowWellSpecified: true };
    expect(applyKeywordGate(['ralph'], 'ralph fix parseConfig in src/config/load.ts so it returns errors', INCOMPLETE, opts).reason).toBe(
      'well_specified',
    );
    expect(applyKeywordGate(['ralph'], 'ralph make it better', INCOMPLETE, opts).gateApplied).toBe(true);
    expect(applyKeywordGate(['ralph'], 'ralph fix parseConfig in src/config/load.ts', INCOMPLETE, OPTIONS).gateApplied).toBe(true);
  });
});

describe('well-specified heuristics', () => {
  it.each([
    'fix the crash in loader.py',
    'update src/api/routes to validate input',
    'rename function buildIndex',
    'the parseConfig helper is wrong',
    'make snake_case_name consistent',
    'see #123',
    '1. add x\n2. add y',
    'acceptance criteria: returns 404',
    'it should return an empty list',
    'fix the TypeError on startup',
    'revert commit 1a2b3c4d5e6f',
    'run npm test and fix what fails',
  ])('%s', (text) => expect(isWellSpecified(text, ['ralph'])).toBe(true));

  it('treats short vague requests as underspecified, ignoring mode words and code', () => {
    expect(isWellSpecified('ralph improve the app please', ['ralph'])).toBe(false);
    expect(isWellSpecified('ralph `src/x.ts` do it', ['ralph'])).toBe(false);
    expect(isWellSpecified('do it\n```\nconst aVeryLongIdentifierName = 1;\n```', [])).toBe(true);
  });
});

describe('extractKeywords', () => {
  it('reads keywords outside code only', () => {
    expect(extractKeywords('please $ralph this, then team up', ['ralph', 'team', 'autopilot'])).toEqual(['ralph', 'team']);
    expect(extractKeywords('docs mention `ralph` and\n```\nautopilot\n```\n', ['ralph', 'autopilot'])).toEqual([]);
  });
});
