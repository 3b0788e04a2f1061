import { CHECK_NAMES, type CheckName } from '../core/finding.js';
import { overallResult, type Report } from '../core/report.js';

export type GateLabel = 'BLOCKED' | 'UNLOCKED' | 'NOT REQUIRED' | 'NOT CHECKED';

/** The verdict every renderer puts first, worded once so text, markdown and JSON cannot disagree. */
export interface Verdict {
  result: 'pass' | 'fail';
  /** `PASS`, `PASS — nothing was checked`, `FAIL — catalog, scan failed (12 errors)`. */
  headline: string;
  failedChecks: CheckName[];
  /** The planning gate's own state, shown on its own labelled line. */
  gate: GateLabel;
}

export function verdictOf(report: Report): Verdict {
  const result = overallResult(report);
  const failedChecks = CHECK_NAMES.filter((c) => report.checks[c].status === 'fail');
  const ran = CHECK_NAMES.filter((c) => report.checks[c].status !== 'skipped');
  const errors = failedChecks.reduce((sum, c) => sum + report.checks[c].errors, 0);
  const headline =
    result === 'fail'
      ? `FAIL — ${failedChecks.join(', ')} failed (${errors} error${errors === 1 ? '' : 's'})`
      : ran.length
        ? 'PASS'
        : 'PASS — nothing was checked';
  return { result, headline, failedChecks, gate: gateLabel(report) };
}

function gateLabel(report: Report): GateLabel {
  if (report.checks.plans.status === 'skipped') return 'NOT CHECKED';
  if (report.gate === 'blocked') return 'BLOCKED';
  if (report.gate === 'unlocked') return 'UNLOCKED';
  return 'NOT REQUIRED';
}
