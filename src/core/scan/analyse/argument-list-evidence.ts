import type { CompiledDetectors } from '../match/compile-detectors.js';
import { matchUnits, type MatchBudget, type MatchOptions, type RawEvidence } from '../match/match-units.js';
import type { Waker } from '../match/waker.js';
import type { Unit } from '../scan-types.js';
import { virtualOffset } from '../surfaces/launch-units.js';
import { argumentListCommands } from './argument-lists.js';

/** What the argument-list calls of each code unit run, read as the command lines they are, as evidence of that unit. */
export function argumentListEvidence(
  text: string,
  units: readonly Unit[],
  detectors: CompiledDetectors,
  matchOptions: MatchOptions,
  budget: MatchBudget,
  waker: Waker,
): RawEvidence[] {
  const out: RawEvidence[] = [];
  for (const unit of units) {
    if (unit.kind !== 'code') continue;
    const within = text.slice(unit.start, unit.end);
    for (const command of argumentListCommands(within)) {
      const virtual = { kind: 'code' as const, origin: 'inline-script' as const, text: command.text, pieces: command.pieces };
      const own: Unit = { id: unit.id, kind: 'code', start: 0, end: virtual.text.length, origin: 'inline-script', info: 'sh', within };
      for (const f of matchUnits(virtual.text, [own], detectors.automaton.scan(virtual.text), detectors, matchOptions, budget, waker)) {
        const start = unit.start + virtualOffset(virtual, f.start);
        out.push({ ...f, start, end: Math.max(start + 1, unit.start + virtualOffset(virtual, Math.max(f.start, f.end - 1)) + 1) });
      }
    }
  }
  return out;
}
