import type { PlansConfig } from '../config/schema.js';
import { makeFinding, type Finding } from '../finding.js';
import { readText } from '../read-text.js';
import type { RepoSnapshot } from '../snapshot.js';
import { evaluateOmxGate, type GateEvaluation } from './omx-gate.js';
import { parseArtifactName } from './parse-artifact-name.js';
import { checkEmptyArtifact, checkPrdContent, checkTestSpecContent } from './plan-content-rules.js';
import { pushAll } from '../push-all.js';

const NOT_A_PLAN = /^(?:readme|index)\.md$/i;

/**
 * oh-my-claudecode: its planner writes one file per plan, `.omc/plans/{name}.md`, holding the
 * requirements, acceptance criteria and verification steps together (no separate test spec).
 * A directory that uses oh-my-codex names (`prd-*.md`) is judged the oh-my-codex way.
 * Which plan: the PR body's `Plan:` line, else the plan this change adds or edits, else the
 * last by name.
 */
export async function evaluateOmcGate(
  snapshot: RepoSnapshot,
  config: PlansConfig,
  planRef: string | undefined,
  changedFiles: readonly string[] | undefined,
): Promise<GateEvaluation> {
  const dir = config.dir.replace(/\/+$/, '');
  const plans = topLevelPlans(snapshot, dir);
  if (plans.some((p) => parseArtifactName(p.slice(dir.length + 1))?.kind === 'prd')) return evaluateOmxGate(snapshot, config, planRef);

  const details: GateEvaluation['details'] = { layout: 'omc', dir: `${dir}/`, status: 'BLOCKED', missing: [] };
  const changed = new Set(changedFiles ?? []);
  const selected = planRef ?? plans.filter((p) => changed.has(p)).at(-1) ?? plans.at(-1);
  if (!selected || !snapshot.entry(selected)) {
    details.missing.push(planRef ?? '<name>.md');
    const message = planRef
      ? `The \`Plan: ${planRef}\` line names a file that does not exist on this branch.`
      : `No plan in \`${dir}/\` (oh-my-claudecode's planner writes \`${dir}/<name>.md\`).`;
    return {
      findings: [
        makeFinding({
          check: 'plans',
          ruleId: planRef ? 'plans/plan_reference_not_found' : 'plans/missing_prd',
          severity: 'error',
          message,
          help: 'Run the planner (/oh-my-claudecode:plan or ralplan) and commit the plan it writes.',
        }),
      ],
      details,
    };
  }
  details.prd = selected;
  details.prdSha = await snapshot.blobSha(selected);
  details.selectedBy = planRef
    ? 'the `Plan:` line'
    : changed.has(selected)
      ? 'changed by this change'
      : 'the last by name (no plan changed here; name one with a `Plan:` line)';
  const text = (await readText(snapshot, selected))?.text ?? '';
  const findings: Finding[] = [...checkEmptyArtifact({ path: selected, text }, 'plan')];
  if (!findings.length) {
    pushAll(findings, checkPrdContent({ path: selected, text }, { requireAdr: config.requireAdr, label: 'plan' }));
    pushAll(findings, checkTestSpecContent({ path: selected, text }, 'plan'));
  }
  if (!findings.some((f) => f.severity === 'error')) details.status = 'UNLOCKED';
  return { findings, details };
}

function topLevelPlans(snapshot: RepoSnapshot, dir: string): string[] {
  const prefix = `${dir}/`;
  return snapshot
    .entries()
    .filter((e) => e.path.startsWith(prefix) && e.mode !== 'symlink' && e.mode !== 'submodule')
    .map((e) => e.path)
    .filter((p) => !p.slice(prefix.length).includes('/') && /\.md$/i.test(p) && !NOT_A_PLAN.test(p.slice(prefix.length)));
}
