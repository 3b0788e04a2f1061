import type { ResolvedConfig } from '../config/resolve-config.js';
import type { CheckContext, CheckRunner } from '../check-context.js';
import type { RepoSnapshot } from '../snapshot.js';
import { makeFinding, type Finding } from '../finding.js';
import type { PlansGateDetails } from '../report.js';
import { storiesFileCandidates } from '../ralph/stories-file-candidates.js';
import { evaluateOmcGate } from './omc-gate.js';
import { evaluateOmxGate, type GateEvaluation } from './omx-gate.js';
import { changedVerifyCommands } from './changed-verify-commands.js';
import { decidePlanRequirement } from './plan-requirement.js';
import { parsePlanReference } from './plan-reference.js';
import { evaluateRalphdexGate } from './ralphdex-gate.js';
import { evaluateSpiralGate } from './spiral-gate.js';

/** The ralplan-first gate (docs/rules/plans.md). */
export const runPlansCheck: CheckRunner = async (snapshot, config, context) => {
  const plans = config.plans;
  const dir = plans.dir.replace(/\/+$/, '');
  const requirement = decidePlanRequirement(plans, context, await changedVerifyCommands(snapshot, plans, context));
  if (!requirement.applies) {
    const details: PlansGateDetails = {
      layout: plans.layout,
      dir: `${dir}/`,
      status: 'NOT_REQUIRED',
      missing: [],
      reason: requirement.reason,
    };
    return { findings: [requirement.finding], gate: 'not-required', details: { plans: details } };
  }
  const planRef = parsePlanReference(context.prBody).plan;
  const evaluation = await evaluateLayout(snapshot, config, planRef, context.changedFiles);
  if (evaluation.details.prd) Object.assign(evaluation.details, await storiesFileOf(snapshot, evaluation.details.prd));
  const findings: Finding[] = [...evaluation.findings, ...checkPlanChanged(config, context, evaluation)];
  const notes = deepInterviewNotes(snapshot.entries().map((e) => e.path));
  const blocked = findings.some((f) => f.severity === 'error');
  return {
    findings,
    gate: blocked ? 'blocked' : 'unlocked',
    details: { plans: { ...evaluation.details, status: blocked ? 'BLOCKED' : 'UNLOCKED', requiredBecause: requirement.because }, notes },
  };
};

/**
 * `mustChangeInPr`: the change must add or edit a plan file. With no change to look at, the rule
 * is not silently passed: an evaluation of a change whose files are unknown fails with the reason.
 */
function checkPlanChanged(config: ResolvedConfig, context: CheckContext, evaluation: GateEvaluation): Finding[] {
  if (!config.plans.mustChangeInPr) return [];
  const dir = config.plans.dir.replace(/\/+$/, '');
  const blocked = (ruleId: string, missing: string, message: string, help: string): Finding[] => {
    evaluation.details.missing.push(missing);
    return [makeFinding({ check: 'plans', ruleId, severity: 'error', message, help })];
  };
  if (!context.changedFiles) {
    if (context.changeUnknown === undefined) return [];
    return blocked(
      'plans/plan_change_unknown',
      'a plan file changed by this change (could not be checked)',
      `plans.mustChangeInPr could not be evaluated: ${context.changeUnknown}.`,
      'Give the change to compare: `plangate check --base <rev>` (or --changed <files>), or run where the base branch can be read.',
    );
  }
  if (!context.changedFiles.length) return [];
  const touched = context.changedFiles.some(
    (f) => f.startsWith(`${dir}/`) || (evaluation.details.prd !== undefined && f === evaluation.details.prd),
  );
  if (touched) return [];
  return blocked(
    'plans/plan_not_changed',
    'a plan file changed by this pull request',
    `This change adds or edits no plan file under \`${dir}/\` (plans.mustChangeInPr is on).`,
    'Add or update the PRD and test spec for this change in the same pull request.',
  );
}

/** The stories file the ralph runner would read for this PRD (the first of its candidates there is), for approval receipts. */
async function storiesFileOf(snapshot: RepoSnapshot, prd: string): Promise<Pick<PlansGateDetails, 'storiesFile' | 'storiesSha'>> {
  for (const path of storiesFileCandidates(prd)) {
    // The runner reads regular files only (never through a link), so only they are bound.
    const mode = snapshot.entry(path)?.mode;
    if (mode !== 'file' && mode !== 'executable') continue;
    const sha = await snapshot.blobSha(path);
    if (sha) return { storiesFile: path, storiesSha: sha };
  }
  return {};
}

function evaluateLayout(
  snapshot: RepoSnapshot,
  config: ResolvedConfig,
  planRef: string | undefined,
  changedFiles: readonly string[] | undefined,
): Promise<GateEvaluation> {
  switch (config.plans.layout) {
    case 'spiral':
      return evaluateSpiralGate(snapshot, config.plans, planRef);
    case 'ralphdex':
      return evaluateRalphdexGate(snapshot, config.plans, config.tasks.files[0] ?? '.ralph/tasks.json');
    case 'omc':
      return evaluateOmcGate(snapshot, config.plans, planRef, changedFiles);
    default:
      return evaluateOmxGate(snapshot, config.plans, planRef);
  }
}

const DEEP_INTERVIEW_SPEC = /^\.omx\/specs\/deep-interview-[^/]*\.md$/;

/** oh-my-codex deep-interview specs are informational: listed, never required. */
function deepInterviewNotes(paths: string[]): string[] {
  // `.omx/specs/deep-interview-*.md` as a RegExp: a fixed pattern needs no glob compiler at start-up.
  const specs = paths.filter((p) => DEEP_INTERVIEW_SPEC.test(p) && !/\/deep-interview-autoresearch-[^/]*$/.test(p));
  return specs.length ? [`deep-interview specs: ${specs.map((s) => `\`${s}\``).join(', ')}`] : [];
}
