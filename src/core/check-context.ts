import type { ResolvedConfig } from './config/resolve-config.js';
import type { Finding } from './finding.js';
import type { ReportDetails } from './report.js';
import type { RepoSnapshot } from './snapshot.js';

export interface AppliedLabel {
  name: string;
  /** Login of who applied it, when the adapter knows (App). */
  by?: string;
}

/** 1-based inclusive line ranges that a change adds or edits, per file. */
export type ChangedLines = ReadonlyMap<string, ReadonlyArray<readonly [number, number]>>;

/** Everything about the evaluation that is not the tree itself. All optional: the CLI knows little. */
export interface CheckContext {
  /** Files the change adds, edits, renames or deletes; undefined when not evaluating a change. */
  changedFiles?: readonly string[];
  /** Set when this evaluation is of a change whose files could not be found: why (rules that need them say they could not be evaluated). */
  changeUnknown?: string;
  /** Lines the change adds or edits (for `failScope: changed`). */
  changedLines?: ChangedLines;
  /** PR or issue body (for `Plan:` lines). */
  prBody?: string;
  labels?: readonly AppliedLabel[];
  /** The base tree: suppressions count only when the base already has them. */
  base?: RepoSnapshot;
  /**
   * Reference time for staleness (defaults to the snapshot's commit time). A function when finding
   * it costs something (the CLI and the Action ask git for HEAD's time): called only by a check
   * that has something stale to judge.
   */
  now?: Date | (() => Promise<Date>);
}

export interface CheckOutput {
  findings: Finding[];
  /** Set by the plans check only. */
  gate?: 'unlocked' | 'blocked' | 'not-required';
  suppressed?: number;
  scanned?: { files: number; bytes: number };
  details?: ReportDetails;
}

/** One check over a snapshot (check-runners.ts lists them; check.ts runs them). */
export type CheckRunner = (snapshot: RepoSnapshot, config: ResolvedConfig, context: CheckContext) => Promise<CheckOutput>;
