import type { Finding } from '../../finding.js';
import { matchesGlobList } from '../../glob-match.js';
import type { ScanDiagnostic } from '../scan-types.js';
import { isSuppressible } from './apply-inline-suppressions.js';
import type { ScanBaseline } from './read-scan-baseline.js';

export interface ScanIgnore {
  rule: string;
  paths: readonly string[];
  reason: string;
}

export interface RepoSuppressionResult {
  kept: Finding[];
  suppressed: number;
  diagnostics: ScanDiagnostic[];
}

/** Matches repo paths against an ordered glob list (the last matching glob decides; core/glob-match.ts). */
function globMatcher(globs: readonly string[]): (path: string) => boolean {
  return (path) => matchesGlobList(path, globs);
}

/**
 * `scan.ignore` entries (read with the config from the base branch) and the baseline.
 * An ignore without a reason is reported and does not apply.
 */
export function applyRepoSuppressions(
  findings: readonly Finding[],
  ignores: readonly ScanIgnore[],
  baseline: ScanBaseline | undefined,
): RepoSuppressionResult {
  const diagnostics: ScanDiagnostic[] = [];
  const active = ignores.flatMap((ignore, i) => {
    if (ignore.reason.trim()) return [{ rule: ignore.rule, matches: globMatcher(ignore.paths.length ? ignore.paths : ['**']) }];
    diagnostics.push({
      ruleId: 'scan/suppression_without_reason',
      severity: 'warning',
      message: `scan.ignore[${i}] (${ignore.rule} on ${ignore.paths.join(', ') || '**'}) gives no reason, so it does not suppress anything.`,
      help: 'Add `reason:` to the entry saying why these findings are acceptable.',
    });
    return [];
  });
  let suppressed = 0;
  const kept = findings.filter((f) => {
    if (!isSuppressible(f)) return true;
    const byIgnore = f.file !== undefined && active.some((a) => (a.rule === '*' || a.rule === f.ruleId) && a.matches(f.file!));
    const entry = baseline?.entries.get(f.fingerprint);
    const byBaseline =
      entry !== undefined && (entry.rule === undefined || entry.rule === f.ruleId) && (entry.file === undefined || entry.file === f.file);
    if (byIgnore || byBaseline) suppressed++;
    return !(byIgnore || byBaseline);
  });
  return { kept, suppressed, diagnostics };
}
