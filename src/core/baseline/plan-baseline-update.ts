import type { CheckName, Finding } from '../finding.js';
import { checkOfRule, type BaselineRecord } from './baseline-file.js';
import { canBaseline, isOwnDiagnostic } from './can-baseline.js';
import { byPlace, matchBaseline } from './match-baseline.js';

export interface BaselineUpdate {
  records: BaselineRecord[];
  added: BaselineRecord[];
  /** Entries that followed their finding to a new path: their fingerprint, file and line are updated. */
  moved: BaselineRecord[];
  /** Entries written before entries recorded content: `content` is added so a rename keeps them. */
  backfilled: number;
  /** Entries whose finding is gone (fixed, or changed beyond recognition). */
  stale: BaselineRecord[];
  /** Entries kept without a reason: they suppress nothing until one is written. */
  withoutReason: BaselineRecord[];
}

const MESSAGE_CHARS = 160;

/** What `plangate baseline` and `plangate init` write for a finding. */
export function baselineRecordOf(f: Finding, reason: string): BaselineRecord {
  return {
    fingerprint: f.fingerprint,
    ...(f.contentFingerprint !== undefined ? { content: f.contentFingerprint } : {}),
    rule: f.ruleId,
    ...(f.file !== undefined ? { file: f.file } : {}),
    ...(f.line !== undefined ? { line: f.line } : {}),
    message:
      Array.from(f.message).length > MESSAGE_CHARS
        ? `${Array.from(f.message)
            .slice(0, MESSAGE_CHARS - 1)
            .join('')}…`
        : f.message,
    reason,
  };
}

/**
 * The next baseline: every entry already there (kept as written, its reason and any field a
 * reviewer added), an entry that moved with its finding updated to the new path, `content` added
 * where it is missing, plus one entry per finding a baseline can accept that none covers, with the
 * reason given; `prune` drops entries of the checks that ran that cover nothing. Deterministic:
 * new entries in file, line, rule order.
 */
export function planBaselineUpdate(
  existing: readonly BaselineRecord[],
  findings: readonly Finding[],
  options: { reason: string; prune: boolean; checks: readonly CheckName[]; exists: (path: string) => boolean },
): BaselineUpdate {
  const entries = existing.map((record) => ({ record, check: checkOfRule(record.rule) }));
  const judged = entries.filter((e) => e.check !== undefined && options.checks.includes(e.check));
  const candidates = findings.filter((f) => !isOwnDiagnostic(f));
  const match = matchBaseline(judged, candidates, options.exists);
  const next = new Map<BaselineRecord, BaselineRecord>();
  let backfilled = 0;
  for (const [f, e] of match.exact) {
    if (e.record.content !== undefined || f.contentFingerprint === undefined || next.has(e.record)) continue;
    next.set(e.record, { ...e.record, content: f.contentFingerprint });
    backfilled++;
  }
  const moved: BaselineRecord[] = [];
  for (const { entry, finding } of match.moved) {
    const updated: BaselineRecord = { ...entry.record, fingerprint: finding.fingerprint, file: finding.file };
    if (finding.line !== undefined) updated.line = finding.line;
    else delete updated.line;
    next.set(entry.record, updated);
    moved.push(updated);
  }
  const covered = new Set<Finding>([...match.exact.keys(), ...match.moved.map((m) => m.finding)]);
  const added: BaselineRecord[] = [];
  const seen = new Set<string>();
  for (const f of [...findings].filter(canBaseline).sort(byPlace)) {
    if (covered.has(f) || seen.has(f.fingerprint)) continue;
    seen.add(f.fingerprint);
    added.push(baselineRecordOf(f, options.reason));
  }
  const stale = new Set(match.stale.map((e) => e.record));
  const kept = existing.filter((r) => !(options.prune && stale.has(r))).map((r) => next.get(r) ?? r);
  return {
    records: [...kept, ...added],
    added,
    moved,
    backfilled,
    stale: [...stale],
    withoutReason: kept.filter((r) => typeof r.reason !== 'string' || !r.reason.trim()),
  };
}
