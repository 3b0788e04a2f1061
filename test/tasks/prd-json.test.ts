import { describe, expect, it } from 'vitest';
import { parseRalphPrd } from '../../src/core/tasks/parse-ralph-prd.js';
import { codes, lineOf, withCode } from './helpers.js';

type Raw = Record<string, unknown>;
const story = (id: string, extra: Raw = {}): Raw => ({
  id,
  title: `Story ${id}`,
  description: 'As a maintainer I want the gate to name the missing file.',
  acceptanceCriteria: ['`plangate check` on a repo without a test spec prints the expected test-spec name'],
  priority: 1,
  passes: false,
  ...extra,
});
const prd = (stories: unknown[], top: Raw = {}): string =>
  `${JSON.stringify({ project: 'plangate', branchName: 'ralph/gate', description: 'Gate messages', userStories: stories, ...top }, null, 2)}\n`;

describe('parseRalphPrd', () => {
  it('reads an oh-my-claudecode prd.json into stories', () => {
    const result = parseRalphPrd(
      prd([story('US-001'), story('US-002', { priority: 2, passes: true, notes: 'n', architectVerified: true })]),
    );
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toEqual([]);
    expect(result.prd).toMatchObject({ project: 'plangate', branchName: 'ralph/gate', storiesKey: 'userStories' });
    expect(result.stories.map((s) => [s.id, s.priority, s.passes])).toEqual([
      ['US-001', 1, false],
      ['US-002', 2, true],
    ]);
    expect(result.stories[1]).toMatchObject({ notes: 'n', architectVerified: true, index: 1 });
  });

  it('reads the Spiral additions and the per-story verify commands', () => {
    const result = parseRalphPrd(
      prd([story('S1', { verify: ['npm test', { command: 'npx tsc --noEmit' }], criterionAmendments: [], attempts: 2 })]),
    );
    expect(result.ok).toBe(true);
    expect(result.stories[0]).toMatchObject({ verify: ['npm test', 'npx tsc --noEmit'], attempts: 2 });
  });

  it('names each missing or mistyped field by its JSON path, at its line', () => {
    const text = prd([story('US-001', { priority: 'high', passes: 'no' }), story('US-002', { title: undefined })], {
      branchName: 7,
      project: undefined,
    });
    const result = parseRalphPrd(text, '.omc/prd.json');
    expect(result.ok).toBe(false);
    const messages = withCode(result.diagnostics, 'prd_invalid').map((d) => [d.message, d.position?.line]);
    expect(messages).toEqual([
      ['project is required (a string).', 1],
      ['branchName must be a string (got 7).', lineOf(text, '"branchName"')],
      ['userStories[0].priority must be a finite number, 1 = highest (got "high").', lineOf(text, '"priority": "high"')],
      ['userStories[0].passes must be a boolean (got "no").', lineOf(text, '"passes": "no"')],
      ['userStories[1].title is required (a non-empty string).', lineOf(text, '"id": "US-002"') - 1],
    ]);
    expect(result.stories).toEqual([]);
  });

  it('reports invalid JSON with its line and column', () => {
    const [d] = parseRalphPrd('{\n  "project": "x",\n}', 'prd.json').diagnostics;
    expect(d).toMatchObject({ code: 'prd_invalid', position: { line: 3, column: 1 } });
    expect(d!.message).toMatch(/^prd\.json must be valid JSON: .* \(line 3, column 1\)\.$/);
  });

  it('requires at least one story', () => {
    expect(codes(parseRalphPrd(prd([])).diagnostics)).toEqual(['prd_no_stories']);
    expect(codes(parseRalphPrd(prd([story('US-1')])).diagnostics)).toEqual([]);
  });

  it('warns when `stories` is used instead of `userStories`, and reads it', () => {
    const text = `${JSON.stringify({ project: 'p', branchName: 'b', description: 'd', stories: [story('US-1')] }, null, 2)}\n`;
    const result = parseRalphPrd(text);
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.position?.line])).toEqual([
      ['prd_stories_key', 'warning', lineOf(text, '"stories"')],
    ]);
    expect(result.stories.map((s) => s.id)).toEqual(['US-1']);
    expect(codes(parseRalphPrd(prd([story('US-1')], { stories: [] })).diagnostics)).toEqual([]);
  });

  it('reports duplicate story ids with both places', () => {
    const text = prd([story('US-1'), story('US-2'), story('US-1')]);
    const [d] = withCode(parseRalphPrd(text).diagnostics, 'prd_duplicate_story_id');
    expect(d!.message).toMatch(
      /^Story id US-1 must be unique\. Found duplicates at userStories\[0\] \(line \d+, column 5\), userStories\[2\] \(line \d+, column 5\)\.$/,
    );
    expect(parseRalphPrd(text).ok).toBe(false);
  });

  it('warns about generic "PRD theater" criteria, not about specific ones (near miss)', () => {
    const text = prd([story('US-1', { acceptanceCriteria: ['Tests pass', 'Tests pass for an empty input and return an empty list'] })]);
    const generic = withCode(parseRalphPrd(text).diagnostics, 'prd_generic_criterion');
    expect(generic.map((d) => [d.severity, d.message])).toEqual([
      ['warning', 'userStories[0].acceptanceCriteria[0] "Tests pass" is a generic criterion ("PRD theater"): say what is checked and how.'],
    ]);
  });

  it('reports a story without criteria (missing or empty), and mistyped criteria as invalid', () => {
    expect(codes(parseRalphPrd(prd([story('US-1', { acceptanceCriteria: [] })])).diagnostics)).toEqual(['prd_story_without_criteria']);
    expect(codes(parseRalphPrd(prd([story('US-1', { acceptanceCriteria: undefined })])).diagnostics)).toEqual([
      'prd_story_without_criteria',
    ]);
    expect(codes(parseRalphPrd(prd([story('US-1', { acceptanceCriteria: 'works' })])).diagnostics)).toEqual(['prd_invalid']);
    expect(codes(parseRalphPrd(prd([story('US-1', { acceptanceCriteria: ['ok', 3] })])).diagnostics)).toEqual(['prd_invalid']);
  });

  it('refuses a non-object top level and non-object stories', () => {
    expect(parseRalphPrd('[1]', 'prd.json').diagnostics[0]!.message).toBe('prd.json must be a JSON object (got an array).');
    expect(parseRalphPrd(prd(['US-1'])).diagnostics[0]!.message).toBe('userStories[0] must be an object (got "US-1").');
  });
});
