import type { Finding } from '../../finding.js';
import type { ScanDiagnostic } from '../scan-types.js';
import { covers, type SuppressionComment } from './find-suppression-comments.js';
import type { BaseSuppressions } from './read-base-suppressions.js';

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
 * Applies one file's inline suppressions. With `base` (what the same file's suppressions cover
 * on the base branch), a comment suppresses only the findings it was written for there, by
 * fingerprint: a comment the change adds is reported, and a copy of an existing comment put
 * above a new finding suppresses nothing and is reported too. Without a base (CLI) every
 * comment with a reason counts. A comment with a reason that suppressed nothing is a notice.
 */
export function applyInlineSuppressions(
  findings: readonly Finding[],
  comments: readonly SuppressionComment[],
  base: BaseSuppressions | undefined,
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
    } else if (base && !base.has(c.lineText)) {
      diagnostics.push(
        added(
          c,
          `This change adds a plangate-ignore (${c.rules.join(', ')}: ${c.reason}); a change cannot suppress its own findings, so it does not apply yet.`,
        ),
      );
    } else {
      active.push(c);
    }
  }
  const copied = new Set<SuppressionComment>();
  const used = new Set<SuppressionComment>();
  let suppressed = 0;
  const kept = findings.filter((f) => {
    if (!isSuppressible(f) || f.line === undefined) return true;
    const comment = active.find((c) => covers(c, f));
    if (!comment) return true;
    if (base && !base.get(comment.lineText)!.has(f.fingerprint)) {
      copied.add(comment);
      return true;
    }
    used.add(comment);
    suppressed++;
    return false;
  });
  for (const c of active) {
    if (used.has(c) || copied.has(c)) continue;
    diagnostics.push({
      ruleId: 'scan/suppression_unused',
      severity: 'notice',
      line: c.line,
      message: `This plangate-ignore (${c.rules.join(', ')}) matched no finding on the lines it covers (${c.covers.from === c.covers.to ? `line ${c.covers.from}` : `lines ${c.covers.from}–${c.covers.to}`}).`,
      help: 'Remove it if the finding was fixed; otherwise put it on the line above the finding, or above (or inside) its fenced block, with the rule id the finding has.',
    });
  }
  for (const c of copied) {
    diagnostics.push(
      added(
        c,
        `This plangate-ignore (${c.rules.join(', ')}) also exists on the base branch, but there it was written for another finding; it suppresses only the finding it was written for, not this one.`,
      ),
    );
  }
  return { kept, suppressed, diagnostics };
}

function added(c: SuppressionComment, message: string): ScanDiagnostic {
  return {
    ruleId: 'scan/suppression_added',
    severity: 'warning',
    line: c.line,
    message,
    help: 'A maintainer can accept it by merging it first, or add the finding to the baseline or to scan.ignore on the base branch.',
  };
}
