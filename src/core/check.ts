import type { ResolvedConfig } from './config/resolve-config.js';
import type { CheckContext, CheckOutput } from './check-context.js';
import { CHECK_NAMES, compareFindings, dedupeFindings, makeFinding, type CheckName, type Finding } from './finding.js';
import type { CheckSummary, Report, ReportDetails, GateStatus } from './report.js';
import type { RepoSnapshot } from './snapshot.js';
import { CHECK_RUNNERS } from './check-runners.js';
import { capFindings } from './cap-findings.js';
import { applyFailScope } from './apply-fail-scope.js';

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
  // Date.now, not the global `performance`: reading that global loads perf_hooks at start-up.
  const clock = options.clock ?? Date.now;
  const findings: Finding[] = [];
  const details: ReportDetails = {};
  const checks = {} as Record<CheckName, CheckSummary>;
  const timingsMs: Report['timingsMs'] = {};
  let gate: GateStatus = 'not-required';
  let suppressed = 0;
  const scanned = { files: 0, bytes: 0 };
  // Every finding a check produced, the ones the caps leave unlisted included.
  const totals: Report['counts'] = { error: 0, warning: 0, notice: 0 };

  for (const name of CHECK_NAMES) {
    if (!config.enabledChecks.includes(name)) {
      checks[name] = { status: 'skipped', errors: 0, warnings: 0, notices: 0 };
      continue;
    }
    const started = clock();
    const output = await runOneCheck(name, snapshot, config, context);
    timingsMs[name] = Math.round((clock() - started) * 10) / 10;
    const own = capFindings(applyFailScope(dedupeFindings(output.findings), config, context));
    for (const f of own.listed) findings.push(f);
    const counts = own.counts;
    for (const severity of ['error', 'warning', 'notice'] as const) totals[severity] += counts[severity];
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
    counts: totals,
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

function mergeDetails(into: ReportDetails, from: ReportDetails | undefined): void {
  if (!from) return;
  if (from.plans) into.plans = from.plans;
  if (from.graphs?.length) into.graphs = [...(into.graphs ?? []), ...from.graphs];
  if (from.notes?.length) into.notes = [...(into.notes ?? []), ...from.notes];
}
