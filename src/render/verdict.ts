import { CHECK_NAMES, type CheckName } from '../core/finding.js';
import { overallResult, type GateStatus, type Report } from '../core/report.js';

/**
 * The words for the planning gate's state, the one vocabulary every output uses: text, markdown
 * (comment, job summary, check run), the Action's log and the check run's title say these; the
 * JSON report, the Action's `gate` output and `plangate gate --json` say the state itself
 * (docs/vocabulary.md has the table, and a test keeps it equal to this).
 */
export const GATE_WORDS: Readonly<Record<GateStatus, GateLabel>> = {
  unlocked: 'UNLOCKED',
  blocked: 'BLOCKED',
  'not-required': 'NOT REQUIRED',
  'not-checked': 'NOT CHECKED',
};

export type GateLabel = 'BLOCKED' | 'UNLOCKED' | 'NOT REQUIRED' | 'NOT CHECKED';

/** The overall result's words: `result` in JSON, the first word of every other output. */
export const RESULT_WORDS = { pass: 'PASS', fail: 'FAIL' } as const;

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
      ? `${RESULT_WORDS.fail} — ${failedChecks.join(', ')} failed (${errors} error${errors === 1 ? '' : 's'})`
      : ran.length
        ? RESULT_WORDS.pass
        : `${RESULT_WORDS.pass} — nothing was checked`;
  return { result, headline, failedChecks, gate: GATE_WORDS[report.gate] };
}

/** `FAIL — scan failed (2 errors) · planning gate NOT CHECKED`: the verdict on one line (logs, titles). */
export function verdictLine(report: Report): string {
  const verdict = verdictOf(report);
  return `${verdict.headline} · planning gate ${verdict.gate}`;
}
