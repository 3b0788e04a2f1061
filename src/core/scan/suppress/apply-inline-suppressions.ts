import type { Finding } from '../../finding.js';
import type { ScanDiagnostic } from '../scan-types.js';
import type { SuppressionComment } from './find-suppression-comments.js';

export interface InlineSuppressionResult {
  kept: Finding[];
  suppressed: number;
  diagnostics: ScanDiagnostic[];
}

/** Findings about suppressions can never be suppressed themselves. */
export function isSuppressible(finding: Finding): boolean {
  return !finding.ruleId.startsWith('scan/suppression_');
}

/**
 * Applies one file's inline suppressions. With `baseLines` (the same file on the base
 * branch, trimmed), a comment counts only if that exact line is already there: a change
 * cannot silence its own findings. Without a base (CLI) every comment with a reason counts.
 */
export function applyInlineSuppressions(
  findings: readonly Finding[],
  comments: readonly SuppressionComment[],
  baseLines: ReadonlySet<string> | undefined,
): InlineSuppressionResult {
  const diagnostics: ScanDiagnostic[] = [];
  const active: SuppressionComment[] = [];
  for (const c of comments) {
    if (!c.reason) {
      diagnostics.push({
        ruleId: 'scan/suppression_without_reason',
        severity: 'warning',
        line: c.line,
        message: `This plangate-ignore (${c.rules.join(', ')}) gives no reason, so it does not suppress anything.`,
        help: 'Write the reason after a colon: `plangate-ignore S003: installs the CLI the docs describe`.',
      });
    } else if (baseLines && !baseLines.has(c.lineText)) {
      diagnostics.push({
        ruleId: 'scan/suppression_added',
        severity: 'warning',
        line: c.line,
        message: `This change adds a plangate-ignore (${c.rules.join(', ')}: ${c.reason}); a change cannot suppress its own findings, so it does not apply yet.`,
        help: 'A maintainer can accept it by merging it first, or add the finding to the baseline or to scan.ignore on the base branch.',
      });
    } else {
      active.push(c);
    }
  }
  let suppressed = 0;
  const kept = findings.filter((f) => {
    if (!isSuppressible(f) || f.line === undefined) return true;
    const hit = active.some((c) => c.line === f.line! - 1 && c.rules.some((r) => r === '*' || r === f.ruleId));
    if (hit) suppressed++;
    return !hit;
  });
  return { kept, suppressed, diagnostics };
}
