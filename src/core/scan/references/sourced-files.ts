import type { RepoSnapshot } from '../../snapshot.js';
import { decodeText } from '../../text.js';
import type { FileAnalysis } from '../analyse/analyse-file.js';
import { makeVariablesAsShell } from '../analyse/makefile-variables.js';
import { makeAssignments, sourcedAssignments, sources } from '../analyse/sourced-values.js';
import { MAKEFILE } from '../rules/shell-vocabulary.js';
import type { ResolvedReference } from '../judge/judge-files.js';

/** Largest script read again with the values it sources. */
const MAX_SOURCING_BYTES = 512 * 1024;

/**
 * Shell scripts that source a file of the repository (`source "$ROOT/.devreset.conf"`), read again with the values that
 * file sets: the act a dotfile's value completes (`PRUNE_SCAN_ROOT=".."`) is the script's act. Replaces their analyses.
 */
export async function readWithSourcedValues(
  snapshot: RepoSnapshot,
  analyses: Map<string, FileAnalysis>,
  references: readonly ResolvedReference[],
  analyse: (path: string, content: Uint8Array, sourcedValues: ReadonlyMap<string, string>) => FileAnalysis,
): Promise<void> {
  const bySource = new Map<string, ResolvedReference[]>();
  for (const ref of references) {
    if (analyses.get(ref.from)?.type !== 'script' || !analyses.has(ref.target)) continue;
    bySource.set(ref.from, [...(bySource.get(ref.from) ?? []), ref]);
  }
  for (const [from, refs] of bySource) {
    const entry = snapshot.entry(from);
    if (!entry || entry.size > MAX_SOURCING_BYTES) continue;
    const bytes = await snapshot.readBytes(from);
    if (!bytes) continue;
    const script = decodeText(bytes).text;
    const values = new Map<string, string>();
    for (const ref of refs) {
      if (!sources(script, ref.written)) continue;
      const sourced = await snapshot.readBytes(ref.target);
      if (!sourced) continue;
      for (const [name, value] of sourcedAssignments(decodeText(sourced).text))
        if (script.includes(`$${name}`) || script.includes(`\${${name}`)) values.set(name, value);
    }
    if (values.size) analyses.set(from, analyse(from, bytes, values));
  }
  for (const [path, analysis] of analyses) {
    if (analysis.type !== 'script' || !MAKEFILE.test(path) || (snapshot.entry(path)?.size ?? Infinity) > MAX_SOURCING_BYTES) continue;
    const bytes = await snapshot.readBytes(path);
    const values = bytes ? await includedMakeValues(snapshot, path, makeVariablesAsShell(path, decodeText(bytes).text)) : undefined;
    if (bytes && values?.size) analyses.set(path, analyse(path, bytes, values));
  }
}

/** `include $(dir $(lastword $(MAKEFILE_LIST)))reclaim.mk`, `-include config.mk`: the files a Makefile includes, by its own folder. */
const INCLUDE = /^-?s?include[ \t]{1,4}([^\n#]{1,300})/gm;

/** The Makefile's own folder as Make spells it: `$(dir $(lastword $(MAKEFILE_LIST)))`. */
const OWN_FOLDER = /\$\((?:dir|realpath|abspath) {1,4}(?:\$\((?:lastword|firstword) {1,4})?\$\{MAKEFILE_LIST\}\)?\)\/?/g;

/** The assignments of the files a Makefile includes that the Makefile uses. */
async function includedMakeValues(snapshot: RepoSnapshot, path: string, text: string): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : '';
  for (const m of text.matchAll(INCLUDE))
    for (const word of m[1]!
      .replace(OWN_FOLDER, '')
      .trim()
      .split(/\s{1,4}/)) {
      // A leading variable is the Makefile's own folder (`$(SKILL_DIR)reclaim.mk`, `${CURDIR}/x.mk`): what follows it is the file.
      const name = word.replace(/^\$\{\w{1,60}\}\/?/, '');
      if (!name || /[$(){}*]/.test(name)) continue;
      const included = await snapshot.readBytes(`${folder}${name}`.replace(/^\.\//, ''));
      if (!included) continue;
      for (const [key, value] of makeAssignments(makeVariablesAsShell(name, decodeText(included).text)))
        if (text.includes(`\${${key}}`)) values.set(key, value);
    }
  return values;
}
