import type { PlanArtifact } from './plan-artifact.js';
import { latestArtifact } from './plan-artifact.js';

export type Matching = 'slug' | 'any';

/**
 * Test specs that complete a PRD. With `slug`: a timestamped PRD needs exactly
 * `test-spec-<timestamp>-<slug>.md`; a legacy PRD matches any test spec with its slug.
 * With `any` (the older overlay): every test spec.
 */
export function matchTestSpecsForPrd(prd: PlanArtifact, testSpecs: readonly PlanArtifact[], matching: Matching): PlanArtifact[] {
  if (matching === 'any') return [...testSpecs];
  const slug = prd.slug.toLowerCase();
  return testSpecs.filter((spec) => {
    if (spec.slug.toLowerCase() !== slug) return false;
    return prd.timestamp ? spec.timestamp === prd.timestamp : true;
  });
}

export function selectTestSpec(prd: PlanArtifact, testSpecs: readonly PlanArtifact[], matching: Matching): PlanArtifact | undefined {
  return latestArtifact(matchTestSpecsForPrd(prd, testSpecs, matching));
}

/** The names that would complete this PRD, for the error message. */
export function expectedTestSpecNames(prd: PlanArtifact, matching: Matching): string[] {
  if (matching === 'any') return ['test-spec-*.md', 'testspec-*.md'];
  if (prd.timestamp) return [`test-spec-${prd.timestamp}-${prd.slug}.md`, `testspec-${prd.timestamp}-${prd.slug}.md`];
  return [`test-spec-${prd.slug}.md`, `test-spec-<timestamp>-${prd.slug}.md`];
}
