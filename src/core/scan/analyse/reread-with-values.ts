import type { RawEvidence } from '../match/match-units.js';
import { MAKEFILE, SHELL_SCRIPT, SHELL_SHEBANG } from '../rules/shell-vocabulary.js';
import type { Unit } from '../scan-types.js';
import type { VirtualText } from '../surfaces/launch-units.js';
import { withConfigValues } from './program-config-values.js';
import { makeValues, ownValues, withSourcedValues } from './sourced-values.js';
import { unitAt } from './unit-places.js';

/** Values a script takes from other files of the repository, found before it is analysed (references/). */
export interface ValuesFromElsewhere {
  /** A shell script's values from the files it sources (analyse/sourced-values.ts): the script is read again with them. */
  sourcedValues?: ReadonlyMap<string, string>;
  /** A program's configs it loads by a literal path, by the variable that holds each (references/program-configs.ts). */
  programConfigs?: ReadonlyMap<string, unknown>;
}

/**
 * A script read again with its values in place: a shell script's own (and those of the files it sources or its config
 * helpers read), a Makefile's own and its includes', any other script's sourced ones. What that reading finds is the
 * script's; the same match read with the values knows more (`curl $(UV_INSTALLER) | sh` is the official installer) and
 * replaces the first reading.
 */
export function rereadWithValues(
  raw: RawEvidence[],
  units: readonly Unit[],
  path: string,
  text: string,
  { sourcedValues, programConfigs }: ValuesFromElsewhere,
  match: (virtual: Pick<VirtualText, 'text' | 'pieces'>, own: Unit) => RawEvidence[],
): void {
  const values =
    SHELL_SCRIPT.test(path) || SHELL_SHEBANG.test(text)
      ? ownValues(text, sourcedValues)
      : MAKEFILE.test(path)
        ? makeValues(text, sourcedValues)
        : sourcedValues;
  const sourced = programConfigs?.size ? withConfigValues(text, programConfigs) : values?.size ? withSourcedValues(text, values) : null;
  if (!sourced) return;
  const seen = new Map(raw.map((r, i) => [`${r.detector}\0${r.start}`, i]));
  for (const r of match(sourced, { id: 0, kind: 'code', start: 0, end: sourced.text.length })) {
    const same = seen.get(`${r.detector}\0${r.start}`);
    if (same !== undefined) {
      raw[same] = { ...r, unit: raw[same]!.unit };
      continue;
    }
    const unit = unitAt(units, r.start);
    if (unit >= 0) raw.push({ ...r, unit });
  }
}
