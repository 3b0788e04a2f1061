import type { VirtualText } from '../surfaces/launch-units.js';

/**
 * The values a shell script takes from a file it sources (`source "$ROOT/.devreset.conf"` with `PRUNE_SCAN_ROOT="${DEV_ROOT:-..}"`):
 * the script is read again with each `$NAME` replaced by what the file sets, so a rule that knows `find .. -name .git |
 * xargs rm -rf` knows it when the `..` lives in a dotfile. The file's values are the author's, as the script is.
 */

/** Most values taken from one sourced file, and the longest value read. */
const MAX_VALUES = 200;
const MAX_VALUE = 300;

/** `NAME=value`, `export NAME="value"`, `NAME='value'` on a line of its own. */
const ASSIGNMENT =
  /^[ \t]{0,8}(?:export[ \t]{1,4})?([A-Za-z_]\w{0,60})=("[^"\n]{0,300}"|'[^'\n]{0,300}'|[^\s#;'"][^\s#;]{0,299}|)[ \t]{0,8}(?:#[^\n]{0,500})?$/gm;

/** The assignments of a sourced file, its own `${OTHER:-default}` read as the default when the file does not set OTHER. */
export function sourcedAssignments(text: string): Map<string, string> {
  const values = new Map<string, string>();
  ASSIGNMENT.lastIndex = 0;
  for (let m = ASSIGNMENT.exec(text); m && values.size < MAX_VALUES; m = ASSIGNMENT.exec(text)) {
    const raw = m[2]!;
    values.set(m[1]!, raw.length >= 2 && (raw[0] === '"' || raw[0] === "'") ? raw.slice(1, -1) : raw);
  }
  for (const [name, value] of values)
    values.set(
      name,
      value.replace(/\$\{(\w{1,60}):?-([^}]{0,200})\}/g, (whole, other: string, fallback: string) =>
        values.has(other) ? whole : fallback,
      ),
    );
  return values;
}

/** Whether `file` sources `written` (`source X`, `. X`, `set -a; . X`), as the script writes the path. */
export function sources(script: string, written: string): boolean {
  for (let at = script.indexOf(written); at >= 0; at = script.indexOf(written, at + 1))
    if (/(?:^|[\s;&|(])(?:source|\.)\s{1,4}["']?\S{0,200}$/.test(script.slice(script.lastIndexOf('\n', at) + 1, at + 1))) return true;
  return false;
}

/** A use of a variable: `$NAME`, `${NAME}`, `${NAME:-default}`, `${NAME-default}`. */
const USE = /\$\{(\w{1,60})(?::?[-=?+][^}]{0,200})?\}|\$(\w{1,60})/g;

/** The script with the sourced values in place of their uses, mapped back to the script (null when nothing is replaced). */
export function withSourcedValues(text: string, values: ReadonlyMap<string, string>): Pick<VirtualText, 'text' | 'pieces'> | null {
  let out = '';
  const pieces: [number, number][] = [[0, 0]];
  let last = 0;
  let replaced = 0;
  USE.lastIndex = 0;
  for (let m = USE.exec(text); m; m = USE.exec(text)) {
    const value = values.get(m[1] ?? m[2]!);
    if (value === undefined || value.length > MAX_VALUE) continue;
    out += text.slice(last, m.index);
    pieces.push([out.length, m.index]);
    out += value;
    last = m.index + m[0].length;
    pieces.push([out.length, last]);
    replaced++;
  }
  if (!replaced) return null;
  out += text.slice(last);
  return { text: out, pieces };
}
