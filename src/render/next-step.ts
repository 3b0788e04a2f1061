import { canBaseline } from '../core/baseline/can-baseline.js';
import type { ChangedLines } from '../core/check-context.js';
import { overallResult, type Report } from '../core/report.js';
import { splitByChange } from './markdown/split-by-change.js';

export interface NextStepOptions {
  /** The command that runs the check again where the reader is (`plangate check`, `plangate check --base origin/main`). */
  rerun: string;
  /** Lines the change adds or edits, when known: errors elsewhere were there before it. */
  changedLines?: ChangedLines;
}

/**
 * The one thing to do next when a report fails, said last by every output: after a rename the
 * baseline could not follow, accepting the findings at their new place; the fix itself when every
 * error has the same one; accepting with `plangate baseline` what was there before the change;
 * otherwise fixing what the errors say. Undefined when the report passes.
 */
export function nextStep(report: Report, options: NextStepOptions): string | undefined {
  if (overallResult(report) === 'pass') return undefined;
  const errors = report.findings.filter((f) => f.severity === 'error');
  const count = report.counts.error;
  const rerun = `then run \`${options.rerun}\``;
  // Entries that no longer match, beside errors a baseline could accept: most likely a rename the entries could not follow.
  const stale = report.findings.filter((f) => f.ruleId === 'baseline/stale').length;
  if (stale && errors.some(canBaseline)) {
    return `baseline entries no longer match (was a file renamed or moved?): if the errors above are those findings at a new place, accept them there with \`plangate baseline --reason "<why>"\`; otherwise fix them (each says how), ${rerun}.`;
  }
  const fixes = new Set(errors.map((f) => f.help ?? ''));
  if (errors.length && errors.length === count && fixes.size === 1 && errors[0]!.help) {
    return `${count === 1 ? '' : `all ${count} errors: `}${withoutFinalStop(errors[0]!.help)}; ${rerun}.`;
  }
  const split = splitByChange(errors, options.changedLines);
  if (split.known && split.existing.length && split.existing.every(canBaseline)) {
    const fresh = split.fresh.length ? `, fix the ${split.fresh.length} this change brings (each says how)` : '';
    return `${split.existing.length} error${split.existing.length === 1 ? ' was' : 's were'} there before this change: accept ${split.existing.length === 1 ? 'it' : 'them'} on the base branch with \`plangate baseline --reason "<why>"\`${fresh}; ${rerun}.`;
  }
  const adopt =
    !split.known && errors.length && errors.every(canBaseline)
      ? '; or, to accept findings that were there before: `plangate baseline --reason "<why>"`'
      : '';
  return `fix the ${count} error${count === 1 ? '' : 's'} above (each says how), ${rerun}${adopt}.`;
}

function withoutFinalStop(text: string): string {
  const trimmed = text.trim().replace(/\s*\n\s*/g, ' ');
  const first = trimmed.charAt(0).toLowerCase() + trimmed.slice(1);
  return first.endsWith('.') ? first.slice(0, -1) : first;
}
