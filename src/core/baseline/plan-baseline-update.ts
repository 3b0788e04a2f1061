import type { Finding } from '../finding.js';
import { compareCodeUnits } from '../snapshot.js';

/** One accepted finding in `.plangate/scan-baseline.json`: the fingerprint is what counts, the rest is for reviewers. */
export interface BaselineRecord {
  fingerprint: string;
  rule?: string;
  file?: string;
  line?: number;
  message?: string;
  reason?: string;
  [key: string]: unknown;
}

export interface BaselineUpdate {
  records: BaselineRecord[];
  added: BaselineRecord[];
  /** Entries whose finding is gone (fixed or moved out of scope). */
  stale: BaselineRecord[];
  /** Entries kept without a reason: they suppress nothing until one is written. */
  withoutReason: BaselineRecord[];
}

const MESSAGE_CHARS = 160;

/** Scanner rule findings a baseline can accept: what fails or warns, never plangate's own diagnostics. */
export function baselineCandidates(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => f.check === 'scan' && /^S\d{3}$/.test(f.ruleId) && f.severity !== 'notice');
}

/**
 * The next baseline: every entry already there (kept as written), plus one entry per current
 * finding it lacks, with the reason given; `prune` drops entries no current finding has.
 * Deterministic: new entries in file, line, rule order.
 */
export function planBaselineUpdate(
  existing: readonly BaselineRecord[],
  findings: readonly Finding[],
  options: { reason: string; prune: boolean },
): BaselineUpdate {
  const known = new Set(existing.map((r) => r.fingerprint));
  const current = new Set(findings.filter((f) => f.check === 'scan').map((f) => f.fingerprint));
  const added: BaselineRecord[] = [];
  const seen = new Set<string>();
  for (const f of [...baselineCandidates(findings)].sort(byPlace)) {
    if (known.has(f.fingerprint) || seen.has(f.fingerprint)) continue;
    seen.add(f.fingerprint);
    added.push({
      fingerprint: f.fingerprint,
      rule: f.ruleId,
      ...(f.file !== undefined ? { file: f.file } : {}),
      ...(f.line !== undefined ? { line: f.line } : {}),
      message:
        Array.from(f.message).length > MESSAGE_CHARS
          ? `${Array.from(f.message)
              .slice(0, MESSAGE_CHARS - 1)
              .join('')}…`
          : f.message,
      reason: options.reason,
    });
  }
  const stale = existing.filter((r) => !current.has(r.fingerprint));
  const kept = options.prune ? existing.filter((r) => current.has(r.fingerprint)) : [...existing];
  return {
    records: [...kept, ...added],
    added,
    stale,
    withoutReason: kept.filter((r) => typeof r.reason !== 'string' || !r.reason.trim()),
  };
}

function byPlace(a: Finding, b: Finding): number {
  return (
    compareCodeUnits(a.file ?? '', b.file ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    compareCodeUnits(a.ruleId, b.ruleId) ||
    compareCodeUnits(a.fingerprint, b.fingerprint)
  );
}
