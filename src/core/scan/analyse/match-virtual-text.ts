import type { CompiledDetectors } from '../match/compile-detectors.js';
import { matchUnits, type MatchBudget, type MatchOptions, type RawEvidence } from '../match/match-units.js';
import type { Waker } from '../match/waker.js';
import type { Unit } from '../scan-types.js';
import { virtualOffset, type VirtualText } from '../surfaces/launch-units.js';

/**
 * Matches a text the scanner built (a launch entry's command line, an argument list read as a command) as the one
 * unit `own`, and maps each match back to the file: `base` plus where its first and last characters came from.
 */
export function matchVirtualText(
  virtual: Pick<VirtualText, 'text' | 'pieces'>,
  own: Unit,
  base: number,
  detectors: CompiledDetectors,
  matchOptions: MatchOptions,
  budget: MatchBudget,
  waker: Waker,
): RawEvidence[] {
  const found = matchUnits(virtual.text, [own], detectors.automaton.scan(virtual.text), detectors, matchOptions, budget, waker);
  return found.map((f) => {
    const start = base + virtualOffset(virtual, f.start);
    const last = base + virtualOffset(virtual, Math.max(f.start, f.end - 1)) + 1;
    // A match whose end comes from earlier in the file (a list kept above the call that runs it) points at its first word.
    const word = /^\S{1,200}/.exec(virtual.text.slice(f.start, f.end))?.[0].length ?? 1;
    return { ...f, start, end: last > start ? last : Math.max(start + 1, base + virtualOffset(virtual, f.start + word - 1) + 1) };
  });
}
