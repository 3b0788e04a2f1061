import { describe, expect, it } from 'vitest';
import { checkEmptyArtifact, checkPrdContent, checkTestSpecContent } from '../../src/core/plans/plan-content-rules.js';
import { isGenericCriterion } from '../../src/core/plans/generic-criterion.js';

const codes = (fs: { ruleId: string }[]) => fs.map((f) => f.ruleId);

describe('plan content rules', () => {
  it('flags an artifact that is only headings and whitespace', () => {
    expect(codes(checkEmptyArtifact({ path: 'p.md', text: '# PRD\n\n## Goals\n\n  \n' }, 'PRD'))).toEqual(['plans/empty_artifact']);
    expect(checkEmptyArtifact({ path: 'p.md', text: '# PRD\n\nAdd a CSV export so operators skip the scripts.\n' }, 'PRD')).toEqual([]);
  });

  it('wants an acceptance-criteria heading or a checklist', () => {
    const base = '# PRD\n\nA long enough description of what is being built here.\n';
    expect(codes(checkPrdContent({ path: 'p.md', text: base }, { requireAdr: false }))).toContain('plans/no_acceptance_criteria');
    expect(
      codes(checkPrdContent({ path: 'p.md', text: `${base}\n- [ ] export writes a header row\n` }, { requireAdr: false })),
    ).not.toContain('plans/no_acceptance_criteria');
    expect(
      codes(
        checkPrdContent(
          { path: 'p.md', text: `${base}\n## Acceptance Criteria\n\n1. export writes a header row\n` },
          { requireAdr: false },
        ),
      ),
    ).not.toContain('plans/no_acceptance_criteria');
  });

  it('flags generic criteria at their own line', () => {
    const text = '# PRD\n\n## Acceptance criteria\n- [ ] export writes a header row\n- [ ] Tests pass\n- [ ] Feature is done.\n';
    const found = checkPrdContent({ path: 'p.md', text }, { requireAdr: false }).filter((f) => f.ruleId === 'plans/generic_criterion');
    expect(found.map((f) => f.line)).toEqual([5, 6]);
  });

  it('tells generic criteria from specific ones', () => {
    for (const t of [
      'Tests pass',
      'all tests pass.',
      'Code compiles',
      'It works!',
      'Implementation is complete',
      'Changes are committed',
      'feature implemented',
    ]) {
      expect(isGenericCriterion(t), t).toBe(true);
    }
    for (const t of [
      'Tests pass for an empty input and return []',
      'Code compiles under --strict with zero warnings in src/parser',
      'export writes a header row',
    ]) {
      expect(isGenericCriterion(t), t).toBe(false);
    }
  });

  it('reports a missing ADR as a notice, or an error when required', () => {
    const text = '# PRD\n\n## Acceptance criteria\n- [ ] a\n';
    expect(checkPrdContent({ path: 'p.md', text }, { requireAdr: false }).find((f) => f.ruleId === 'plans/missing_adr')?.severity).toBe(
      'notice',
    );
    expect(checkPrdContent({ path: 'p.md', text }, { requireAdr: true }).find((f) => f.ruleId === 'plans/missing_adr')?.severity).toBe(
      'error',
    );
    const adr = `${text}\n## Decision\nx\n## Alternatives considered\ny\n## Consequences\nz\n`;
    expect(codes(checkPrdContent({ path: 'p.md', text: adr }, { requireAdr: true }))).not.toContain('plans/missing_adr');
  });

  it('wants a command in a test spec: a fenced block or a Commands/Verification section', () => {
    expect(codes(checkTestSpecContent({ path: 't.md', text: '# Spec\n\nWe will test the export thoroughly by hand.\n' }))).toEqual([
      'plans/no_verification_command',
    ]);
    expect(checkTestSpecContent({ path: 't.md', text: '# Spec\n\n```\nnpm test\n```\n' })).toEqual([]);
    expect(checkTestSpecContent({ path: 't.md', text: '# Spec\n\n## Verification\n- `npm test -- export`\n' })).toEqual([]);
    expect(checkTestSpecContent({ path: 't.md', text: '# Spec\n\n## Verification\n- look at it carefully\n' }).length).toBe(1);
  });
});
