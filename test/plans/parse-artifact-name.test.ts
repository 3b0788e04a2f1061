import { describe, expect, it } from 'vitest';
import { parseArtifactName } from '../../src/core/plans/parse-artifact-name.js';
import { compareArtifacts, latestArtifact, type PlanArtifact } from '../../src/core/plans/plan-artifact.js';

const artifact = (basename: string): PlanArtifact => ({ ...parseArtifactName(basename)!, basename, path: `.omx/plans/${basename}` });

describe('parseArtifactName', () => {
  it('splits a leading timestamp from the slug', () => {
    expect(parseArtifactName('prd-20260427T153100Z-alpha.md')).toEqual({ kind: 'prd', timestamp: '20260427T153100Z', slug: 'alpha' });
  });

  it('keeps a date-only prefix and a trailing timestamp in the slug (legacy names)', () => {
    expect(parseArtifactName('prd-20260526-alpha.md')).toEqual({ kind: 'prd', slug: '20260526-alpha' });
    expect(parseArtifactName('test-spec-ab-quality-20260613T175324Z.md')).toEqual({
      kind: 'test-spec',
      slug: 'ab-quality-20260613T175324Z',
    });
  });

  it('accepts test-spec and testspec prefixes in any case', () => {
    expect(parseArtifactName('TESTSPEC-x.md')).toEqual({ kind: 'test-spec', slug: 'x' });
    expect(parseArtifactName('Test-Spec-x.MD')).toEqual({ kind: 'test-spec', slug: 'x' });
    expect(parseArtifactName('PRD-x.md')).toEqual({ kind: 'prd', slug: 'x' });
  });

  it('reports an empty slug and ignores other files', () => {
    expect(parseArtifactName('prd-.md')?.slug).toBe('');
    expect(parseArtifactName('prd-20260427T153100Z.md')).toEqual({ kind: 'prd', timestamp: '20260427T153100Z', slug: '' });
    expect(parseArtifactName('notes.md')).toBeUndefined();
    expect(parseArtifactName('prd-alpha.json')).toBeUndefined();
  });
});

describe('artifact order', () => {
  it('orders timestamps, puts timestamped after legacy, then compares paths', () => {
    const names = ['prd-zeta.md', 'prd-20260101T000000Z-b.md', 'prd-alpha.md', 'prd-20250101T000000Z-z.md'];
    expect(
      names
        .map(artifact)
        .sort(compareArtifacts)
        .map((a) => a.basename),
    ).toEqual(['prd-alpha.md', 'prd-zeta.md', 'prd-20250101T000000Z-z.md', 'prd-20260101T000000Z-b.md']);
    expect(latestArtifact(names.map(artifact))?.basename).toBe('prd-20260101T000000Z-b.md');
  });
});
