import type { CompiledDetectors } from '../match/compile-detectors.js';
import type { MatchBudget, MatchOptions, RawEvidence } from '../match/match-units.js';
import type { Waker } from '../match/waker.js';
import type { Unit } from '../scan-types.js';
import { pushAll } from '../../push-all.js';
import { argumentListCommands } from './argument-lists.js';
import { matchVirtualText } from './match-virtual-text.js';

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
      const own: Unit = { id: unit.id, kind: 'code', start: 0, end: command.text.length, origin: 'inline-script', info: 'sh', within };
      pushAll(out, matchVirtualText(command, own, unit.start, detectors, matchOptions, budget, waker));
    }
  }
  return out;
}
