import type { Finding } from '../../src/core/finding.js';
import { countSeverities, type Report } from '../../src/core/report.js';

/** A report in which only the scan ran and found `findings` (the plans check did not run); `scanned.files` as given. */
export function scanReport(findings: Finding[], scannedFiles = 1): Report {
  const counts = countSeverities(findings);
  const scan = {
    status: counts.error ? ('fail' as const) : ('pass' as const),
    errors: counts.error,
    warnings: counts.warning,
    notices: counts.notice,
  };
  const skipped = { status: 'skipped' as const, errors: 0, warnings: 0, notices: 0 };
  return {
    version: 1,
    tool: 'plangate',
    gate: 'not-checked',
    checks: { plans: skipped, tasks: skipped, catalog: skipped, scan },
    findings,
    counts,
    suppressed: 0,
    scanned: { files: scannedFiles, bytes: 1 },
    details: {},
    timingsMs: {},
  };
}
