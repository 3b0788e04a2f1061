import type { Finding } from '../finding.js';
import { compareCodeUnits } from '../snapshot.js';
import type { BaselineRecord } from './baseline-file.js';

/** A baseline entry that found its finding again at another path (the file was renamed or moved). */
export interface MovedEntry<E> {
  entry: E;
  finding: Finding;
}

export interface BaselineMatch<E> {
  /** Findings an entry covers where it was written (same fingerprint, rule and file). */
  exact: Map<Finding, E>;
  /** Findings an entry covers by content, one finding per entry, at a new path. */
  moved: MovedEntry<E>[];
  /** Entries that match no finding: fixed, or changed beyond recognition. */
  stale: E[];
}

/**
 * Which finding each baseline entry covers. First by fingerprint, where the entry was written;
 * then an entry whose file is gone (`exists` says no: renamed, moved or deleted) follows a
 * finding with the same rule and content to its new path. Each such entry covers one finding, and
 * an entry whose file is still there never moves, so a copy of an accepted command in another file
 * is reported. Deterministic: findings in path, line and rule order, entries in file order.
 */
export function matchBaseline<E extends { record: BaselineRecord }>(
  entries: readonly E[],
  findings: readonly Finding[],
  exists: (path: string) => boolean,
): BaselineMatch<E> {
  const byFingerprint = new Map<string, E[]>();
  for (const e of entries) {
    const list = byFingerprint.get(e.record.fingerprint) ?? [];
    list.push(e);
    byFingerprint.set(e.record.fingerprint, list);
  }
  const exact = new Map<Finding, E>();
  const used = new Set<E>();
  const ordered = [...findings].sort(byPlace);
  for (const f of ordered) {
    const entry = byFingerprint.get(f.fingerprint)?.find((e) => sameRuleAndFile(e.record, f));
    if (!entry) continue;
    exact.set(f, entry);
    used.add(entry);
  }
  const byContent = new Map<string, E[]>();
  for (const e of entries) {
    if (used.has(e) || !e.record.content || !e.record.rule || e.record.file === undefined || exists(e.record.file)) continue;
    const key = `${e.record.rule}\0${e.record.content}`;
    const list = byContent.get(key) ?? [];
    list.push(e);
    byContent.set(key, list);
  }
  const moved: MovedEntry<E>[] = [];
  for (const f of ordered) {
    if (exact.has(f) || !f.contentFingerprint) continue;
    const entry = byContent.get(`${f.ruleId}\0${f.contentFingerprint}`)?.shift();
    if (!entry) continue;
    moved.push({ entry, finding: f });
    used.add(entry);
  }
  return { exact, moved, stale: entries.filter((e) => !used.has(e)) };
}

function sameRuleAndFile(record: BaselineRecord, f: Finding): boolean {
  return (record.rule === undefined || record.rule === f.ruleId) && (record.file === undefined || record.file === f.file);
}

/** Findings in the order entries are matched and written: by file, line, rule, then fingerprint. */
export function byPlace(a: Finding, b: Finding): number {
  return (
    compareCodeUnits(a.file ?? '', b.file ?? '') ||
    (a.line ?? 0) - (b.line ?? 0) ||
    compareCodeUnits(a.ruleId, b.ruleId) ||
    compareCodeUnits(a.fingerprint, b.fingerprint)
  );
}
