import type { CompiledDetectors } from '../match/compile-detectors.js';
import type { MatchBudget, MatchOptions, RawEvidence } from '../match/match-units.js';
import type { Waker } from '../match/waker.js';
import type { Unit } from '../scan-types.js';
import { pushAll } from '../../push-all.js';
import { argumentListCommands } from './argument-lists.js';
import { matchVirtualText } from './match-virtual-text.js';
import { virtualOffset, type VirtualText } from '../surfaces/launch-units.js';

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

/**
 * A script read with values from elsewhere (analyse/reread-with-values.ts), matched whole and for the argument lists
 * that reading spells out (`execFileSync("tar", args)` with `args = [..., ...cfg.include]` and the config's `["."]`):
 * each match mapped back to the file through both readings.
 */
export function matchReading(
  reading: Pick<VirtualText, 'text' | 'pieces'>,
  own: Unit,
  detectors: CompiledDetectors,
  matchOptions: MatchOptions,
  budget: MatchBudget,
  waker: Waker,
): RawEvidence[] {
  const out = matchVirtualText(reading, own, 0, detectors, matchOptions, budget, waker);
  for (const command of argumentListCommands(reading.text)) {
    const unit: Unit = {
      id: own.id,
      kind: 'code',
      start: 0,
      end: command.text.length,
      origin: 'inline-script',
      info: 'sh',
      within: reading.text,
    };
    const inFile = { text: command.text, pieces: command.pieces.map(([at, from]): [number, number] => [at, virtualOffset(reading, from)]) };
    pushAll(out, matchVirtualText(inFile, unit, 0, detectors, matchOptions, budget, waker));
  }
  return out;
}
