import type { RepoSnapshot } from '../../snapshot.js';
import { decodeText } from '../../text.js';
import type { FileAnalysis } from '../analyse/analyse-file.js';
import { makeVariablesAsShell } from '../analyse/makefile-variables.js';
import { makeAssignments, sourcedAssignments, sources } from '../analyse/sourced-values.js';
import { MAKEFILE, SHELL_SCRIPT } from '../rules/shell-vocabulary.js';
import type { ResolvedReference } from '../judge/judge-files.js';
import { configGetterValues } from './config-getters.js';

/** Largest script read again with the values it sources. */
const MAX_SOURCING_BYTES = 512 * 1024;

/**
 * Scripts read again with values kept in other files of the repository: a shell script with those of the files it sources
 * (`source "$ROOT/.devreset.conf"`) and those its config helpers read (references/config-getters.ts), a Makefile with those
 * of the files it includes. The act a dotfile's value completes (`PRUNE_SCAN_ROOT=".."`) is the script's act. Replaces
 * their analyses.
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
  for (const [path, analysis] of analyses) {
    if (analysis.type !== 'script' || (snapshot.entry(path)?.size ?? Infinity) > MAX_SOURCING_BYTES) continue;
    const refs = bySource.get(path) ?? [];
    const make = MAKEFILE.test(path);
    // Only scripts that source a file, include one, or define a helper can take values from elsewhere.
    if (!refs.length && !make && !SHELL_SCRIPT.test(path)) continue;
    const bytes = await snapshot.readBytes(path);
    if (!bytes) continue;
    const script = decodeText(bytes).text;
    const values = make
      ? await includedMakeValues(snapshot, path, makeVariablesAsShell(path, script))
      : new Map([...(await sourcedFileValues(snapshot, script, refs)), ...(await configGetterValues(snapshot, path, script))]);
    if (values.size) analyses.set(path, analyse(path, bytes, values));
  }
}

/** The assignments of the files `script` sources that it uses. */
async function sourcedFileValues(snapshot: RepoSnapshot, script: string, refs: readonly ResolvedReference[]): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (const ref of refs) {
    if (!sources(script, ref.written)) continue;
    const sourced = await snapshot.readBytes(ref.target);
    if (!sourced) continue;
    for (const [name, value] of sourcedAssignments(decodeText(sourced).text))
      if (script.includes(`$${name}`) || script.includes(`\${${name}`)) values.set(name, value);
  }
  return values;
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
