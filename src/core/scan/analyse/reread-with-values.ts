import type { RawEvidence } from '../match/match-units.js';
import { JUSTFILE, MAKEFILE, PROGRAM_FILE, SHELL_SCRIPT, SHELL_SHEBANG } from '../rules/shell-vocabulary.js';
import { withProgramConstants } from './program-constants.js';
import type { Unit } from '../scan-types.js';
import type { VirtualText } from '../surfaces/launch-units.js';
import { MAX_ITEMS_READ, withConfigValues } from './program-config-values.js';
import { justValues, makeValues, ownValues, withSourcedValues } from './sourced-values.js';
import { unitAt } from './unit-places.js';

/** The most text the readings of one program with its configs' entries add up to. */
const READINGS_BYTES = 2 * 1024 * 1024;

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
    SHELL_SCRIPT.test(path) || SHELL_SHEBANG.test(text) || /\.fish$/i.test(path)
      ? ownValues(text, sourcedValues)
      : MAKEFILE.test(path)
        ? makeValues(text, sourcedValues)
        : JUSTFILE.test(path)
          ? justValues(text, sourcedValues)
          : sourcedValues;
  const readings: Pick<VirtualText, 'text' | 'pieces'>[] = [];
  if (programConfigs?.size)
    // One reading per entry, while the readings together stay within a bound: a large program is read fewer times.
    for (let item = 0; item < Math.min(MAX_ITEMS_READ, Math.max(1, Math.floor(READINGS_BYTES / text.length))); item++) {
      const reading = withConfigValues(text, programConfigs, item);
      if (!reading || readings.some((r) => r.text === reading.text)) break;
      readings.push(reading);
    }
  else if (values?.size) {
    const reading = withSourcedValues(text, values);
    if (reading) readings.push(reading);
  } else if (PROGRAM_FILE.test(path)) {
    const reading = withProgramConstants(text);
    if (reading) readings.push(reading);
  }
  if (!readings.length) return;
  const seen = new Map(raw.map((r, i) => [placeOf(r), i]));
  // Each later reading (another entry of a configured list) adds what it reads differently: its hosts, its level.
  const read = new Set<string>();
  readings.forEach((sourced, n) => {
    for (const r of match(sourced, { id: 0, kind: 'code', start: 0, end: sourced.text.length })) {
      const same = seen.get(placeOf(r));
      if (n === 0 && same !== undefined) {
        raw[same] = { ...r, unit: raw[same]!.unit };
        read.add(signature(r));
        continue;
      }
      if (read.has(signature(r))) continue;
      read.add(signature(r));
      const unit = same !== undefined ? raw[same]!.unit : unitAt(units, r.start);
      if (unit >= 0) raw.push({ ...r, unit });
    }
  });
}

/**
 * A document's code blocks read again with the values its blocks read from configs (`BASE=$(jq -r .base_url f.json)` …
 * `curl "$BASE/v1/…"`): what a block's reading finds replaces or adds to what the block's text gave. Prose is not read
 * again.
 */
export function rereadBlocksWithValues(
  raw: RawEvidence[],
  units: readonly Unit[],
  text: string,
  values: (unit: Unit) => ReadonlyMap<string, string>,
  match: (virtual: Pick<VirtualText, 'text' | 'pieces'>, own: Unit) => RawEvidence[],
): void {
  const seen = new Map(raw.map((r, i) => [placeOf(r), i]));
  for (const unit of units) {
    if (unit.kind !== 'code' || !text.slice(unit.start, unit.end).includes('$')) continue;
    const given = values(unit);
    if (!given.size) continue;
    const reading = withSourcedValues(text.slice(unit.start, unit.end), given);
    if (!reading) continue;
    const inFile = { text: reading.text, pieces: reading.pieces.map(([at, from]): [number, number] => [at, from + unit.start]) };
    for (const r of match(inFile, { ...unit, start: 0, end: reading.text.length })) {
      const same = seen.get(placeOf(r));
      if (same !== undefined) raw[same] = { ...r, unit: unit.id };
      else seen.set(placeOf(r), raw.push({ ...r, unit: unit.id }) - 1);
    }
  }
}

/** Which detector matched where: a later reading of the same place replaces the first. */
function placeOf(r: RawEvidence): string {
  return `${r.detector}\0${r.start}`;
}

/** What a match says: where, which detector, how sure, and where to. */
function signature(r: RawEvidence): string {
  return `${r.detector}\0${r.start}\0${r.level}\0${(r.hosts ?? []).join(' ')}\0${(r.owners ?? []).join(' ')}`;
}

/** The most code a document's blocks may hold for their values to be read across them. */
const MAX_BLOCK_VALUES_BYTES = 256 * 1024;

/**
 * The values each code block of a document is read with: a sourced file's, then those the document's other blocks set
 * (only values that reach out of the project). A block's own values stay its own: a string it sets and only hands on
 * (`probe='wget … | sh'` … `--data-urlencode "q=$probe"`) is data; a remote one block names (`FLAKE_HISTORY=user@host:/runs`)
 * is what a later block's `rsync … "$FLAKE_HISTORY/…"` copies to.
 */
export function blockValues(
  text: string,
  units: readonly Unit[],
  sourced: ReadonlyMap<string, string> | undefined,
): (unit: Unit) => ReadonlyMap<string, string> {
  const none = sourced ?? new Map<string, string>();
  const blocks = units.filter((u) => u.kind === 'code');
  const size = blocks.reduce((n, u) => n + u.end - u.start, 0);
  if (blocks.length < 2 || size > MAX_BLOCK_VALUES_BYTES) return () => none;
  const own = new Map(blocks.map((u) => [u.id, ownValues(text.slice(u.start, u.end))]));
  if (![...own.values()].some((v) => v.size)) return () => none;
  return (unit) => {
    const values = new Map(none);
    for (const [id, set] of own) if (id !== unit.id) for (const [k, v] of set) if (!values.has(k)) values.set(k, v);
    return values;
  };
}
