import type { PlansConfig } from '../config/schema.js';
import { makeFinding, type Finding } from '../finding.js';
import { readText } from '../read-text.js';
import type { RepoSnapshot } from '../snapshot.js';
import type { GateEvaluation } from './omx-gate.js';
import { checkEmptyArtifact } from './plan-content-rules.js';
import { pushAll } from '../push-all.js';

/** Ralphdex: `.ralph/prd.md` (the objective) and `.ralph/tasks.json` (the plan) must both exist. */
export async function evaluateRalphdexGate(snapshot: RepoSnapshot, config: PlansConfig, tasksFile: string): Promise<GateEvaluation> {
  const dir = config.dir.replace(/\/+$/, '');
  const prdPath = `${dir}/prd.md`;
  const details: GateEvaluation['details'] = { layout: 'ralphdex', dir: `${dir}/`, status: 'BLOCKED', missing: [] };
  const findings: Finding[] = [];
  if (!snapshot.entry(prdPath)) {
    details.missing.push('prd.md');
    findings.push(
      makeFinding({
        check: 'plans',
        ruleId: 'plans/missing_prd',
        severity: 'error',
        message: `No Ralphdex objective: \`${prdPath}\` does not exist.`,
        help: 'Write the objective to .ralph/prd.md before starting the loop.',
      }),
    );
  } else {
    details.prd = prdPath;
    details.prdSha = await snapshot.blobSha(prdPath);
    pushAll(findings, checkEmptyArtifact({ path: prdPath, text: (await readText(snapshot, prdPath))?.text ?? '' }, 'PRD'));
  }
  if (!snapshot.entry(tasksFile)) {
    details.missing.push(tasksFile.slice(tasksFile.lastIndexOf('/') + 1));
    findings.push(
      makeFinding({
        check: 'plans',
        ruleId: 'plans/missing_task_graph',
        severity: 'error',
        message: `No Ralphdex task graph: \`${tasksFile}\` does not exist.`,
        help: 'Generate the task graph (version 2) from the objective before starting the loop.',
      }),
    );
  } else {
    details.testSpec = tasksFile;
    details.testSpecSha = await snapshot.blobSha(tasksFile);
  }
  if (!findings.some((f) => f.severity === 'error')) details.status = 'UNLOCKED';
  return { findings, details };
}
