import type { Evidence } from '../scan-types.js';

/** Matches of one detector in one text: enough to judge, bounded so one long line costs little. */
export const MAX_MATCHES_PER_TEXT = 64;
/**
 * Matches one detector may produce in one file before it stops running there. A flood (every line
 * of a file matching) is judged from the first of them; the rest would only cost time.
 */
export const MAX_MATCHES_PER_FILE = 1000;

/** A detector's match, in the text the rules read (before offsets go back to what is written). */
export interface RawEvidence extends Pick<
  Evidence,
  | 'rule'
  | 'detector'
  | 'why'
  | 'unit'
  | 'start'
  | 'end'
  | 'level'
  | 'capabilities'
  | 'detail'
  | 'hosts'
  | 'urls'
  | 'owners'
  | 'authenticates'
  | 'clause'
  | 'inCode'
  | 'inSpan'
  | 'negated'
  | 'described'
> {
  matched: string;
  evidenceOnly: boolean;
}

export interface MatchOptions {
  path: string;
  /** Names the operator passes to agents as secrets (`ralph.passEnv`). */
  secretNames: ReadonlySet<string>;
  /**
   * false: every detector runs on every unit, line and span, along the whole text — the oracle the
   * keyword prefilter is tested against (a finding it would drop is a bug).
   */
  prefilter?: boolean;
  /** Set by matchUnits: the file's text, for detectors that join two steps. */
  fileText?: string;
}

/** Per file: how many matches each detector has produced (the time bound). */
export class MatchBudget {
  private readonly counts: Int32Array;
  constructor(size: number) {
    this.counts = new Int32Array(size);
  }
  spent(index: number): boolean {
    return this.counts[index]! >= MAX_MATCHES_PER_FILE;
  }
  take(index: number): void {
    this.counts[index]!++;
  }
}
