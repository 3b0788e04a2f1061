import type { Finding } from '../finding.js';

/** plangate's reports about itself and its inputs: fixed where they are, never accepted. */
const OWN_DIAGNOSTIC = /\/(internal_error|suppression_[a-z_]+|no_files|file_unreadable)$|^baseline\//;

/** A finding about plangate's own inputs (suppressions, the baseline, a check that could not run), or a caps summary. */
export function isOwnDiagnostic(f: Finding): boolean {
  return f.check === 'plans' || f.more !== undefined || OWN_DIAGNOSTIC.test(f.ruleId);
}

/**
 * Whether a baseline can accept this finding: an error or warning of the catalog, tasks or scan
 * check about the repository's content. The plans gate is decided for each change, and plangate's
 * own diagnostics (suppressions, the baseline itself, a check that could not run) are not content.
 */
export function canBaseline(f: Finding): boolean {
  return f.severity !== 'notice' && !isOwnDiagnostic(f);
}
