import type { TextView } from '../segment/unit-text.js';
import type { CompiledDetectors } from './compile-detectors.js';
import type { KeywordHits } from './keyword-automaton.js';
import type { MatchBudget } from './match-types.js';

/** The first keyword occurrence ending after `offset` (hits are ordered by where their keyword ends). */
export function firstHitEndingAfter(hits: KeywordHits, offset: number): number {
  let lo = 0;
  let hi = hits.count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (hits.ends[mid]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** No keyword in a range: most spans and lines of a long paragraph (shared, never changed). */
const NONE_WOKEN: number[] = [];

/**
 * The detectors keywords wake in a range of a text: each keyword occurrence wakes its detectors, and
 * a detector with `alsoKeywords` stays asleep unless one of those occurs in the range too.
 */
export class Waker {
  private readonly marks: Uint8Array;
  /** Per literal, the call in which it last occurred in the range. */
  private readonly seen: Int32Array;
  private call = 0;
  private readonly all?: number[];
  constructor(
    private readonly compiled: CompiledDetectors,
    prefilter = true,
  ) {
    this.marks = new Uint8Array(compiled.detectors.length);
    this.seen = new Int32Array(compiled.automaton.literals.length);
    if (!prefilter) this.all = compiled.detectors.map((d) => d.index);
  }

  /**
   * Detector indices (ascending) that keywords ending within `(from, to]` wake. A detector that has
   * spent its budget for the file (`spent`) finds nothing more there, so it is not woken: a file of
   * thousands of matching steps costs little once each detector has judged its first thousand.
   */
  woken(hits: KeywordHits, from: number, to: number, spent?: MatchBudget): number[] {
    if (this.all) return this.all;
    const { marks, seen, compiled } = this;
    const call = ++this.call;
    const lo = firstHitEndingAfter(hits, from);
    if (lo >= hits.count || hits.ends[lo]! > to) return NONE_WOKEN;
    const woken: number[] = [];
    let conditional = false;
    for (let i = lo; i < hits.count && hits.ends[i]! <= to; i++) {
      const literal = hits.literals[i]!;
      seen[literal] = call;
      for (const d of compiled.wakes[literal]!) {
        if (!marks[d] && !spent?.spent(d)) {
          marks[d] = 1;
          woken.push(d);
          if (compiled.detectors[d]!.also) conditional = true;
        }
      }
    }
    for (const d of woken) marks[d] = 0;
    const awake = conditional
      ? woken.filter((d) => !compiled.detectors[d]!.also || compiled.detectors[d]!.also!.some((l) => seen[l] === call))
      : woken;
    return awake.length > 1 ? awake.sort((a, b) => a - b) : awake;
  }
}

/**
 * The lines of `text[start, end)` that hold a keyword, as views: a line detector's match lies
 * within one line, so a line without a keyword can hold none.
 */
export function linesWithHits(text: string, start: number, end: number, hits: KeywordHits): TextView[] {
  const out: TextView[] = [];
  const lo = firstHitEndingAfter(hits, start);
  let lineEnd = -1;
  for (let i = lo; i < hits.count && hits.ends[i]! <= end; i++) {
    const last = hits.ends[i]! - 1;
    if (last < lineEnd) continue;
    let from = last;
    while (from > start && text.charCodeAt(from - 1) !== 10 && text.charCodeAt(from - 1) !== 13) from--;
    lineEnd = last;
    while (lineEnd < end && text.charCodeAt(lineEnd) !== 10 && text.charCodeAt(lineEnd) !== 13) lineEnd++;
    out.push({ text: text.slice(from, lineEnd), pieces: [[0, from]] });
  }
  return out;
}
