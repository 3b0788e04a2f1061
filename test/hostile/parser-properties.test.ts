import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/core/config/resolve-config.js';
import { parseArtifactName } from '../../src/core/plans/parse-artifact-name.js';
import { parsePlanReference } from '../../src/core/plans/plan-reference.js';
import { applyKeywordGate, extractKeywords } from '../../src/core/plans/keyword-gate.js';
import { isWellSpecified } from '../../src/core/plans/well-specified.js';
import { outlineMarkdown } from '../../src/core/plans/markdown-outline.js';

const RUNS = 1000;
const NONE = { presets: [], skillRoots: [] };
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({
    unit: fc.constantFrom('a', ':', ' ', '\n', '-', '[', ']', '{', '}', '&', '*', '!', '#', '"', "'", '|', '>'),
    maxLength: 200,
  }),
);

describe('parser properties (any input → a result or diagnostics, never an exception)', () => {
  it('config text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = loadConfig(text, '.github/plangate.yml', NONE);
        if (!result.ok) {
          expect(result.problems.length).toBeGreaterThan(0);
          for (const p of result.problems) expect(p.file).toBe('.github/plangate.yml');
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('config values of any shape under known keys', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 4 }),
        fc.constantFrom('plans', 'tasks', 'catalog', 'scan', 'ralph', 'approval', 'presets', 'checks'),
        (value, key) => {
          const result = loadConfig(JSON.stringify({ [key]: value }), 'c.yml', NONE);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('plan artifact names: a parse keeps kind and slug consistent with the name', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('prd-', 'test-spec-', 'TESTSPEC-', 'notes-', ''),
        fc.option(fc.constantFrom('20260427T153100Z-', '20260427-', ''), { nil: '' }),
        anyText,
        (prefix, stamp, rest) => {
          const name = `${prefix}${stamp}${rest.replace(/[/\n]/g, '')}.md`;
          const parsed = parseArtifactName(name);
          if (!parsed) return;
          expect(name.toLowerCase().startsWith(parsed.kind === 'prd' ? 'prd-' : 'test')).toBe(true);
          expect(name.endsWith(`${parsed.slug}.md`)).toBe(true);
          if (parsed.timestamp) expect(parsed.timestamp).toMatch(/^\d{8}T\d{6}Z$/);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('Plan:/Branch: lines, the plan outline and the keyword gate', () => {
    fc.assert(
      fc.property(
        anyText,
        fc.array(fc.constantFrom('ralph', 'team', 'cancel', 'ralplan', 'bug'), { maxLength: 4 }),
        fc.boolean(),
        fc.boolean(),
        (text, labels, complete, bypass) => {
          const ref = parsePlanReference(text);
          if (ref.plan) expect(ref.plan).not.toMatch(/\s/);
          expect(outlineMarkdown(text).length).toBeGreaterThan(0);
          isWellSpecified(text, ['ralph']);
          extractKeywords(text, ['ralph', 'team']);
          const result = applyKeywordGate(
            labels,
            text,
            { complete, approved: false },
            {
              executionKeywords: ['ralph', 'team'],
              planKeyword: 'ralplan',
              cancelKeyword: 'cancel',
              requireApproval: false,
              allowWellSpecified: true,
              actorMayBypass: bypass,
            },
          );
          if (result.gateApplied) expect(result.keywords).toContain('ralplan');
          if (labels.includes('cancel')) expect(result.gateApplied).toBe(false);
        },
      ),
      { numRuns: RUNS },
    );
  });
});
