import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resolveConfig } from '../../src/core/config/resolve-config.js';
import { deriveStoriesFromMarkdown } from '../../src/core/ralph/derive-stories-from-markdown.js';
import { extractVerifyCommands } from '../../src/core/ralph/extract-verify-commands.js';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import { runPlansCheck } from '../../src/core/plans/run-plans-check.js';
import { loadRalphPlan } from '../../src/ralph/load-ralph-plan.js';
import { prdJson } from './ralph-harness.js';

describe('stories from PRD markdown', () => {
  it('reads each ### story under "User stories" with its - [ ] criteria', () => {
    const text = `# PRD: greeting

## Context
- [ ] not a story criterion (outside the stories section)

## User stories

### US-001: Greet by name
As a user I want to be greeted.
- [ ] \`greet("Ada")\` returns "Hello, Ada"
- [x] the greeting is exported

\`\`\`js
// - [ ] inside code is not a criterion
\`\`\`

### Farewell
- [ ] \`bye()\` returns "Bye"

## Acceptance criteria
- [ ] all of the above
`;
    const derived = deriveStoriesFromMarkdown(text);
    expect(derived.source).toBe('stories-section');
    expect(derived.stories).toEqual([
      {
        id: 'US-001',
        title: 'Greet by name',
        description: 'As a user I want to be greeted.',
        criteria: ['`greet("Ada")` returns "Hello, Ada"', 'the greeting is exported'],
        priority: 1,
        verify: [],
        passes: false,
      },
      { id: 'story-2', title: 'Farewell', description: '', criteria: ['`bye()` returns "Bye"'], priority: 2, verify: [], passes: false },
    ]);
  });

  it('accepts a "Stories" heading at another level', () => {
    const derived = deriveStoriesFromMarkdown('# Plan\n\n# Stories\n\n## S1 — First\n- [ ] one\n\n## S2 — Second\n- [ ] two\n');
    expect(derived.stories.map((s) => [s.id, s.title, s.criteria])).toEqual([
      ['S1', 'First', ['one']],
      ['S2', 'Second', ['two']],
    ]);
  });

  it('falls back to one story per acceptance criterion', () => {
    const derived = deriveStoriesFromMarkdown(
      '# PRD\n\n## Acceptance criteria\n- `plangate ralph` exits 0 when all stories pass\n- [ ] the run comment shows iteration i/N\n',
    );
    expect(derived.source).toBe('acceptance-criteria');
    expect(derived.stories.map((s) => [s.id, s.title, s.criteria, s.priority])).toEqual([
      ['AC-1', '`plangate ralph` exits 0 when all stories pass', ['`plangate ralph` exits 0 when all stories pass'], 1],
      ['AC-2', 'the run comment shows iteration i/N', ['the run comment shows iteration i/N'], 2],
    ]);
  });

  it('finds nothing in a PRD without stories or criteria', () => {
    expect(deriveStoriesFromMarkdown('# PRD\n\nJust prose about the idea.\n')).toEqual({ stories: [], source: 'none' });
  });
});

describe('verify commands from a test spec', () => {
  it('takes each line of shell fences, joins continuations, drops prompts and comments, skips other languages', () => {
    const text = `# Test spec

\`\`\`bash
# unit tests
npm test
npx vitest run \\
  test/ralph
\`\`\`

\`\`\`console
$ node check.js
ok
\`\`\`

\`\`\`json
{ "not": "a command" }
\`\`\`

~~~sh
npm test
make lint
~~~
`;
    expect(extractVerifyCommands(text)).toEqual(['npm test', 'npx vitest run test/ralph', 'node check.js', 'make lint']);
  });
});

describe('loading a plan for a run', () => {
  const config = resolveConfig(undefined, { presets: ['omx'], skillRoots: [] }, 'test');
  const files = (extra: Record<string, string>) =>
    new MemorySnapshot({
      '.omx/plans/prd-20260101T000000Z-old.md': '# PRD old\n\n## Acceptance criteria\n- [ ] old thing\n',
      '.omx/plans/test-spec-20260101T000000Z-old.md': '# spec\n\n```bash\nnpm test\n```\n',
      ...extra,
    });

  it('defaults to the latest PRD with a matching test spec, and takes verify commands from that spec', async () => {
    const snapshot = files({
      '.omx/plans/prd-20260301T000000Z-new.md': '# PRD new\n\n## Acceptance criteria\n- [ ] new thing\n',
      '.omx/plans/test-spec-20260301T000000Z-new.md': '# spec\n\n```sh\nnode check.js\n```\n',
      '.omx/plans/prd-20260401T000000Z-nospec.md': '# PRD without spec\n\n- [ ] x\n',
    });
    const result = await loadRalphPlan({ snapshot, config });
    expect(result).toMatchObject({
      ok: true,
      plan: {
        prdPath: '.omx/plans/prd-20260301T000000Z-new.md',
        testSpecPath: '.omx/plans/test-spec-20260301T000000Z-new.md',
        verify: ['node check.js'],
        verifySource: 'test-spec',
        storySource: 'acceptance-criteria',
        slug: 'new',
      },
    });
  });

  it('prefers the prd.json sidecar, passes its verify[] through, and --verify over config and spec', async () => {
    const snapshot = files({ '.omx/plans/prd-old.json': prdJson([{ id: 'US-9', verify: ['test -f nine'] }]) });
    const result = await loadRalphPlan({ snapshot, config, plan: '.omx/plans/prd-20260101T000000Z-old.md', verify: ['make check'] });
    expect(result).toMatchObject({
      ok: true,
      plan: { storySource: 'prd.json', storyFile: '.omx/plans/prd-old.json', verify: ['make check'], verifySource: 'input' },
    });
    if (result.ok) expect(result.plan.stories.map((s) => [s.id, s.verify])).toEqual([['US-9', ['test -f nine']]]);
  });

  it('reads .omc/prd.json when no sidecar sits beside the PRD, and config ralph.verify before the spec', async () => {
    const withVerify = { ...config, ralph: { ...config.ralph, verify: ['npm run check'] } };
    const result = await loadRalphPlan({
      snapshot: files({ '.omc/prd.json': prdJson([{ id: 'OMC-1' }]) }),
      config: withVerify,
      plan: '.omx/plans/prd-20260101T000000Z-old.md',
    });
    expect(result).toMatchObject({ ok: true, plan: { storyFile: '.omc/prd.json', verify: ['npm run check'], verifySource: 'config' } });
  });

  it("the plans gate names the stories file the runner reads, with that file's blob SHA (what an approval binds)", async () => {
    const cases: Record<string, string>[] = [
      { '.omx/plans/prd-old.json': prdJson([{ id: 'US-1' }]), '.omc/prd.json': prdJson([{ id: 'OMC-1' }]) },
      { '.omc/prd.json': prdJson([{ id: 'OMC-1' }]) },
      {},
    ];
    const named: (string | undefined)[] = [];
    for (const extra of cases) {
      const snapshot = files(extra);
      const gate = (await runPlansCheck(snapshot, config, {})).details?.plans;
      const loaded = await loadRalphPlan({ snapshot, config, plan: gate!.prd });
      if (!loaded.ok) throw new Error(loaded.problems.join('\n'));
      const read = loaded.plan.files.find((f) => f.role === 'stories file');
      expect(gate!.storiesFile).toBe(loaded.plan.storyFile);
      expect(gate!.storiesSha).toBe(read?.blob.sha1);
      named.push(gate!.storiesFile);
    }
    expect(named).toEqual(['.omx/plans/prd-old.json', '.omc/prd.json', undefined]);
  });

  it('refuses a plan without stories and a missing plan file', async () => {
    expect(await loadRalphPlan({ snapshot: files({ 'prd-x.md': '# x\n\nprose only\n' }), config, plan: 'prd-x.md' })).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/^prd-x\.md: no stories/)],
    });
    expect(await loadRalphPlan({ snapshot: files({}), config, plan: 'nope.md' })).toMatchObject({
      ok: false,
      problems: [expect.stringMatching(/does not exist/)],
    });
  });
});

describe('the markdown readers never throw', () => {
  const markdownish = fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '# ',
          '## User stories',
          '### US-1: x',
          '- [ ] ',
          '- [x] ',
          '```bash',
          '```',
          '~~~',
          '$ ',
          '\\',
          '\n',
          '\r\n',
          '## Acceptance criteria',
          '---',
        ),
        fc.string(),
      ),
      { maxLength: 60 },
    )
    .map((parts) => parts.join(''));

  it('derives stories from any text: a result, never an exception', () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        const derived = deriveStoriesFromMarkdown(text);
        expect(new Set(derived.stories.map((s) => s.id)).size).toBe(derived.stories.length);
      }),
      { numRuns: 1000 },
    );
  });

  it('extracts verify commands from any text: trimmed, non-empty, no duplicates', () => {
    fc.assert(
      fc.property(markdownish, (text) => {
        const commands = extractVerifyCommands(text);
        for (const c of commands) expect(c).toBe(c.trim());
        expect(commands.every(Boolean)).toBe(true);
        expect(new Set(commands).size).toBe(commands.length);
      }),
      { numRuns: 1000 },
    );
  });
});
