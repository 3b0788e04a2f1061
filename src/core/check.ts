import type { ResolvedConfig } from './config/resolve-config.js';
import type { CheckContext, CheckOutput } from './check-context.js';
import { CHECK_NAMES, compareFindings, dedupeFindings, makeFinding, type CheckName, type Finding } from './finding.js';
import { countSeverities, type CheckSummary, type Report, type ReportDetails, type GateStatus } from './report.js';
import type { RepoSnapshot } from './snapshot.js';
import { CHECK_RUNNERS } from './check-runners.js';

export type CheckRunner = (snapshot: RepoSnapshot, config: ResolvedConfig, context: CheckContext) => Promise<CheckOutput>;

export interface RunChecksOptions {
  /** Clock for timings only (never affects findings). */
  clock?: () => number;
}

/**
 * Runs the enabled checks over one snapshot. Never throws on repository content:
 * a check that fails internally becomes a `<check>/internal_error` finding.
 */
export async function runChecks(
  snapshot: RepoSnapshot,
  config: ResolvedConfig,
  context: CheckContext = {},
  options: RunChecksOptions = {},
): Promise<Report> {
  const clock = options.clock ?? (() => performance.now());
  const findings: Finding[] = [];
  const details: ReportDetails = {};
  const checks = {} as Record<CheckName, CheckSummary>;
  const timingsMs: Report['timingsMs'] = {};
  let gate: GateStatus = 'not-required';
  let suppressed = 0;
  const scanned = { files: 0, bytes: 0 };

  for (const name of CHECK_NAMES) {
    if (!config.enabledChecks.includes(name)) {
      checks[name] = { status: 'skipped', errors: 0, warnings: 0, notices: 0 };
      continue;
    }
    const started = clock();
    const output = await runOneCheck(name, snapshot, config, context);
    timingsMs[name] = Math.round((clock() - started) * 10) / 10;
    const own = applyFailScope(dedupeFindings(output.findings), config, context);
    findings.push(...own);
    const counts = countSeverities(own);
    checks[name] = {
      status: counts.error > 0 ? 'fail' : 'pass',
      errors: counts.error,
      warnings: counts.warning,
      notices: counts.notice,
    };
    if (name === 'plans') gate = output.gate ?? (counts.error > 0 ? 'blocked' : 'unlocked');
    suppressed += output.suppressed ?? 0;
    scanned.files += output.scanned?.files ?? 0;
    scanned.bytes += output.scanned?.bytes ?? 0;
    mergeDetails(details, output.details);
  }

  findings.sort(compareFindings);
  return {
    version: 1,
    tool: 'plangate',
    gate,
    checks,
    findings,
    counts: countSeverities(findings),
    suppressed,
    scanned,
    details,
    timingsMs,
  };
}

async function runOneCheck(name: CheckName, snapshot: RepoSnapshot, config: ResolvedConfig, context: CheckContext): Promise<CheckOutput> {
  try {
    return await CHECK_RUNNERS[name](snapshot, config, context);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      findings: [
        makeFinding({
          check: name,
          ruleId: `${name}/internal_error`,
          severity: 'error',
          message: `The ${name} check stopped on an internal error: ${message}. This is a plangate bug; please report it with the file that triggered it.`,
        }),
      ],
    };
  }
}

/** With `failScope: changed`, findings on lines the change did not touch are reported as notices. */
function applyFailScope(findings: Finding[], config: ResolvedConfig, context: CheckContext): Finding[] {
  const lines = context.changedLines;
  if (config.failScope !== 'changed' || !lines) return findings;
  return findings.map((f) => {
    if (f.severity !== 'error' || f.check === 'plans' || !f.file || !f.line) return f;
    const ranges = lines.get(f.file);
    const touched = ranges?.some(([from, to]) => f.line! >= from && f.line! <= to);
    return touched ? f : { ...f, severity: 'notice' as const, message: `${f.message} (existing before this change; failScope: changed)` };
  });
}

function mergeDetails(into: ReportDetails, from: ReportDetails | undefined): void {
  if (!from) return;
  if (from.plans) into.plans = from.plans;
  if (from.graphs?.length) into.graphs = [...(into.graphs ?? []), ...from.graphs];
  if (from.notes?.length) into.notes = [...(into.notes ?? []), ...from.notes];
}
