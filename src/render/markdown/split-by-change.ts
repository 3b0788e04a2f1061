import type { ChangedLines } from '../../core/check-context.js';
import type { Finding } from '../../core/finding.js';

export interface FindingsByChange {
  /** False when nothing says what the change touched (a local check without --base): every finding is in `fresh`. */
  known: boolean;
  /** Findings on lines this change adds or edits, in files it adds, or about the change itself (the plan gate, no file). */
  fresh: Finding[];
  /** Findings on lines the change did not touch: there before it. */
  existing: Finding[];
}

/**
 * Splits findings into those this change brought and those it found. A finding with a file but
 * no line is new when the change touched the file; one that spans lines is new when any of them changed.
 */
export function splitByChange(findings: readonly Finding[], changedLines: ChangedLines | undefined): FindingsByChange {
  if (!changedLines) return { known: false, fresh: [...findings], existing: [] };
  const fresh: Finding[] = [];
  const existing: Finding[] = [];
  for (const f of findings) (isFresh(f, changedLines) ? fresh : existing).push(f);
  return { known: true, fresh, existing };
}

function isFresh(f: Finding, changedLines: ChangedLines): boolean {
  // A caps line ("N more not listed") across files is the change's only when it holds errors: those fail it.
  if (f.more !== undefined && !f.file) return f.severity === 'error';
  if (f.check === 'plans' || !f.file) return true;
  const ranges = changedLines.get(f.file);
  if (!ranges) return false;
  if (!f.line) return ranges.length > 0;
  const first = f.line;
  const last = Math.max(f.endLine ?? first, first);
  return ranges.some(([from, to]) => from <= last && to >= first);
}
