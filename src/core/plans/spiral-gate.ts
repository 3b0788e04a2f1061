import { parse } from 'yaml';
import type { PlansConfig } from '../config/schema.js';
import { makeFinding, type Finding } from '../finding.js';
import { readText } from '../read-text.js';
import type { RepoSnapshot } from '../snapshot.js';
import type { GateEvaluation } from './omx-gate.js';
import { checkEmptyArtifact, checkPrdContent } from './plan-content-rules.js';
import { pushAll } from '../push-all.js';

const SPIRAL_NAME = /^(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2})-(.+)\.md$/;
const OK_STATUSES = new Set(['pending-approval', 'approved']);

/** Spiral: the latest `.spiral/plans/<timestamp>-<slug>.md`, judged by its frontmatter `status`. */
export async function evaluateSpiralGate(
  snapshot: RepoSnapshot,
  config: PlansConfig,
  planRef: string | undefined,
): Promise<GateEvaluation> {
  const dir = config.dir.replace(/\/+$/, '');
  const details: GateEvaluation['details'] = { layout: 'spiral', dir: `${dir}/`, status: 'BLOCKED', missing: [] };
  const plans = snapshot
    .entries()
    .filter(
      (e) => e.path.startsWith(`${dir}/`) && !e.path.slice(dir.length + 1).includes('/') && SPIRAL_NAME.test(e.path.slice(dir.length + 1)),
    )
    .map((e) => e.path)
    .sort((a, b) => (a.slice(dir.length + 1) < b.slice(dir.length + 1) ? -1 : 1));
  const selected = planRef ?? plans.at(-1);
  const findings: Finding[] = [];
  if (!selected || !snapshot.entry(selected)) {
    details.missing.push('<YYYY-MM-DDTHH-MM-SS>-<slug>.md');
    findings.push(
      makeFinding({
        check: 'plans',
        ruleId: planRef ? 'plans/plan_reference_not_found' : 'plans/missing_prd',
        severity: 'error',
        message: planRef
          ? `The \`Plan: ${planRef}\` line names a file that does not exist on this branch.`
          : `No Spiral plan in \`${dir}/\` (expected \`<YYYY-MM-DDTHH-MM-SS>-<slug>.md\`).`,
        help: 'Run the Spiral planning loop and commit its plan.',
      }),
    );
    return { findings, details };
  }
  details.prd = selected;
  details.prdSha = await snapshot.blobSha(selected);
  const text = (await readText(snapshot, selected))?.text ?? '';
  const status = readStatus(text);
  if (status === 'pending-approval-unreviewed') {
    findings.push(
      makeFinding({
        check: 'plans',
        ruleId: 'plans/plan_unreviewed',
        severity: 'warning',
        file: selected,
        line: 1,
        message: `The Spiral plan \`${selected}\` is \`pending-approval-unreviewed\`: the ralplan loop ran out of rounds before a reviewer accepted it.`,
        help: 'Have the plan reviewed, then set its status to pending-approval or approved.',
      }),
    );
  } else if (!status || !OK_STATUSES.has(status)) {
    details.missing.push('status: pending-approval | approved');
    findings.push(
      makeFinding({
        check: 'plans',
        ruleId: 'plans/plan_status_blocked',
        severity: 'error',
        file: selected,
        line: 1,
        message: `The Spiral plan \`${selected}\` has status \`${status ?? 'none'}\`; execution needs \`pending-approval\` or \`approved\`.`,
        help: 'Revise the plan until the review loop accepts it.',
      }),
    );
  }
  const empty = checkEmptyArtifact({ path: selected, text }, 'plan');
  pushAll(findings, empty);
  if (!empty.length) pushAll(findings, checkPrdContent({ path: selected, text }, { requireAdr: config.requireAdr, label: 'plan' }));
  if (!findings.some((f) => f.severity === 'error')) details.status = 'UNLOCKED';
  return { findings, details };
}

function readStatus(text: string): string | undefined {
  const match = /^\uFEFF?(?:\s*\r?\n)*---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)\s*(?:\r?\n|$)/.exec(text);
  if (!match) return undefined;
  try {
    const data: unknown = parse(match[1]!, { customTags: [], maxAliasCount: 50 });
    const status = data && typeof data === 'object' ? (data as Record<string, unknown>).status : undefined;
    return typeof status === 'string' ? status.trim().toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
