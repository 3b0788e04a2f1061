import type { ResolvedConfig } from './config/resolve-config.js';
import type { CheckContext, CheckOutput } from './check-context.js';
import { applyBaseline, type BaselineApplied } from './baseline/apply-baseline.js';
import { readBaseline } from './baseline/read-baseline.js';
import { CHECK_NAMES, compareFindings, dedupeFindings, makeFinding, type CheckName, type Finding } from './finding.js';
import { countSeverities, type CheckSummary, type Report, type ReportDetails, type GateStatus } from './report.js';
import type { RepoSnapshot } from './snapshot.js';
import { CHECK_RUNNERS } from './check-runners.js';
import { capFindings } from './cap-findings.js';
import { applyFailScope } from './apply-fail-scope.js';

export interface RunChecksOptions {
  /** Clock for timings only (never affects findings). */
  clock?: () => number;
  /** false: the baseline is not applied (`plangate baseline` collects what it could accept). */
  baseline?: boolean;
  /** false: every finding is listed, none cut by the caps (`plangate baseline` records them all). */
  caps?: boolean;
}

/**
 * Runs the enabled checks over one snapshot. Never throws on repository content:
 * a check that fails internally becomes a `<check>/internal_error` finding. Then, for each check,
 * the baseline (read from the base tree when there is one), `failScope` and the caps.
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
  let gate: GateStatus = 'not-checked';
  let suppressed = 0;
  const scanned = { files: 0, bytes: 0 };
  // Every finding a check produced, the ones the caps leave unlisted included.
  const totals: Report['counts'] = { error: 0, warning: 0, notice: 0 };

  const outputs = new Map<CheckName, CheckOutput>();
  let raw = new Map<CheckName, Finding[]>();
  for (const name of CHECK_NAMES) {
    if (!config.enabledChecks.includes(name)) {
      checks[name] = { status: 'skipped', errors: 0, warnings: 0, notices: 0 };
      continue;
    }
    const started = clock();
    const output = await runOneCheck(name, snapshot, config, context);
    timingsMs[name] = Math.round((clock() - started) * 10) / 10;
    outputs.set(name, output);
    raw.set(name, dedupeFindings(output.findings));
  }
  const accepted = options.baseline === false ? undefined : await applyBaselineOf(snapshot, config, context, raw);
  if (accepted) raw = accepted.findings;

  for (const [name, output] of outputs) {
    const scoped = applyFailScope(raw.get(name)!, config, context);
    const own = options.caps === false ? { listed: scoped, counts: countSeverities(scoped) } : capFindings(scoped);
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
    suppressed += (output.suppressed ?? 0) + (accepted?.suppressed.get(name) ?? 0);
    scanned.files += output.scanned?.files ?? 0;
    scanned.bytes += output.scanned?.bytes ?? 0;
    mergeDetails(details, output.details);
  }

  findings.sort(compareFindings);
  return {
    version: 1,
    tool: 'plangate',
    gate,
    checks: Object.fromEntries(CHECK_NAMES.map((name) => [name, checks[name]])) as Record<CheckName, CheckSummary>,
    findings,
    counts: totals,
    suppressed,
    scanned,
    details,
    timingsMs,
  };
}

/** The baseline, from the base tree when there is one (a change cannot accept its own findings), over the checks it covers. */
async function applyBaselineOf(
  snapshot: RepoSnapshot,
  config: ResolvedConfig,
  context: CheckContext,
  raw: ReadonlyMap<CheckName, Finding[]>,
): Promise<BaselineApplied | undefined> {
  const covered = new Map([...raw].filter(([name]) => name !== 'plans'));
  if (!covered.size) return undefined;
  const tree = context.base ?? snapshot;
  const baseline = await readBaseline(tree, config.scan.baseline);
  if (!baseline) return undefined;
  const applied = applyBaseline(baseline, covered, (path) => snapshot.entry(path) !== undefined);
  const plans = raw.get('plans');
  if (plans) applied.findings.set('plans', plans);
  return applied;
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
