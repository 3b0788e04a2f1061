import type { PlansConfig } from '../config/schema.js';
import { makeFinding, type Finding } from '../finding.js';
import { readText } from '../read-text.js';
import type { PlansGateDetails } from '../report.js';
import type { RepoSnapshot } from '../snapshot.js';
import { discoverPlanArtifacts } from './discover-plan-artifacts.js';
import { expectedTestSpecNames, selectTestSpec } from './match-test-specs.js';
import { latestArtifact, type PlanArtifact } from './plan-artifact.js';
import { checkEmptyArtifact, checkPrdContent, checkTestSpecContent } from './plan-content-rules.js';
import { parseArtifactName } from './parse-artifact-name.js';
import { pushAll } from '../push-all.js';

export interface GateEvaluation {
  findings: Finding[];
  details: PlansGateDetails;
}

/** The oh-my-codex gate (also omc and custom layouts): latest PRD + matching test spec. */
export async function evaluateOmxGate(snapshot: RepoSnapshot, config: PlansConfig, planRef: string | undefined): Promise<GateEvaluation> {
  const dir = config.dir.replace(/\/+$/, '');
  const custom = config.layout === 'custom';
  const found = discoverPlanArtifacts(snapshot, {
    dir,
    prdPatterns: custom ? config.prdPatterns : undefined,
    testSpecPatterns: custom ? config.testSpecPatterns : undefined,
  });
  const findings: Finding[] = found.unparseable.map((a) =>
    makeFinding({
      check: 'plans',
      ruleId: 'plans/unparseable_name',
      severity: 'warning',
      file: a.path,
      line: 1,
      message: `\`${a.basename}\` looks like a ${a.kind === 'prd' ? 'PRD' : 'test spec'} but its name has no slug, so nothing can match it.`,
      help: `Name it \`${a.kind}-<YYYYMMDDTHHMMSSZ>-<slug>.md\` or \`${a.kind}-<slug>.md\`.`,
    }),
  );
  const details: PlansGateDetails = { layout: config.layout, dir: `${dir}/`, status: 'BLOCKED', missing: [] };
  const prdPattern = custom ? (config.prdPatterns[0] ?? 'prd-*.md') : 'prd-*.md';
  const specPattern = custom ? (config.testSpecPatterns[0] ?? 'test-spec-*.md') : 'test-spec-*.md';

  let prd: PlanArtifact | undefined;
  if (planRef) {
    const entry = snapshot.entry(planRef);
    const basename = planRef.slice(planRef.lastIndexOf('/') + 1);
    if (!entry) {
      findings.push(
        makeFinding({
          check: 'plans',
          ruleId: 'plans/plan_reference_not_found',
          severity: 'error',
          message: `The \`Plan: ${planRef}\` line names a file that does not exist on this branch.`,
          help: 'Fix the path in the `Plan:` line or commit the PRD it names.',
        }),
      );
      details.missing.push(planRef);
      return { findings, details };
    }
    const parsed = parseArtifactName(basename);
    prd = { kind: 'prd', slug: parsed?.slug || basename.replace(/\.md$/i, ''), timestamp: parsed?.timestamp, path: planRef, basename };
  } else {
    prd = latestArtifact(found.prds);
  }

  if (!prd) {
    details.missing.push(prdPattern);
    if (!found.testSpecs.length) details.missing.push(specPattern);
    findings.push(
      makeFinding({
        check: 'plans',
        ruleId: 'plans/missing_prd',
        severity: 'error',
        message: `No PRD in \`${dir}/\` (expected \`${prdPattern}\` at the top level of the plans directory).`,
        help: `Run the planning step (ralplan) and commit its \`${prdPattern}\` and test spec.`,
      }),
    );
    return { findings, details };
  }

  details.prd = prd.path;
  details.prdSha = await snapshot.blobSha(prd.path);
  const spec = selectTestSpec(prd, found.testSpecs, config.matching);
  if (!spec) {
    const names = expectedTestSpecNames(prd, config.matching);
    details.missing.push(specPattern);
    findings.push(
      makeFinding({
        check: 'plans',
        ruleId: 'plans/missing_test_spec',
        severity: 'error',
        file: prd.path,
        line: 1,
        message: `No test spec matches the PRD \`${prd.basename}\`: expected ${names.map((n) => `\`${dir}/${n}\``).join(' or ')}.`,
        help:
          config.matching === 'slug'
            ? 'Add the matching test spec, or set plans.matching: any to accept any test spec.'
            : 'Add a test spec to the plans directory.',
      }),
    );
  } else {
    details.testSpec = spec.path;
    details.testSpecSha = await snapshot.blobSha(spec.path);
  }
  pushAll(findings, await checkArtifactContents(snapshot, prd, spec, config));
  if (!findings.some((f) => f.severity === 'error')) details.status = 'UNLOCKED';
  return { findings, details };
}

async function checkArtifactContents(
  snapshot: RepoSnapshot,
  prd: PlanArtifact,
  spec: PlanArtifact | undefined,
  config: PlansConfig,
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const prdText = (await readText(snapshot, prd.path))?.text ?? '';
  const emptyPrd = checkEmptyArtifact({ path: prd.path, text: prdText }, 'PRD');
  pushAll(findings, emptyPrd);
  if (!emptyPrd.length) pushAll(findings, checkPrdContent({ path: prd.path, text: prdText }, { requireAdr: config.requireAdr }));
  if (spec) {
    const specText = (await readText(snapshot, spec.path))?.text ?? '';
    const emptySpec = checkEmptyArtifact({ path: spec.path, text: specText }, 'test spec');
    pushAll(findings, emptySpec);
    if (!emptySpec.length) pushAll(findings, checkTestSpecContent({ path: spec.path, text: specText }));
  }
  return findings;
}
