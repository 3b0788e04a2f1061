import type { RepoSnapshot } from '../../snapshot.js';
import { decodeText } from '../../text.js';
import type { FileAnalysis } from '../analyse/analyse-file.js';
import type { ValuesFromElsewhere } from '../analyse/reread-with-values.js';
import { makeTextAsShell, makeVariablesAsShell } from '../analyse/makefile-variables.js';
import { makeAssignments, sourcedAssignments, sources } from '../analyse/sourced-values.js';
import { MAKEFILE, SHELL_SCRIPT } from '../rules/shell-vocabulary.js';
import type { ResolvedReference } from '../judge/judge-files.js';
import { configGetterValues } from './config-getters.js';
import { makeOverridesCallersGive } from './make-overrides.js';
import { JUSTFILE, justfileEnvValues, PROGRAM, PROGRAM_SHEBANG, programConfigs } from './program-configs.js';

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
  analyse: (path: string, content: Uint8Array, values: ValuesFromElsewhere) => FileAnalysis,
): Promise<void> {
  const bySource = new Map<string, ResolvedReference[]>();
  for (const ref of references) {
    if (!analyses.has(ref.from) || !analyses.has(ref.target)) continue;
    bySource.set(ref.from, [...(bySource.get(ref.from) ?? []), ref]);
  }
  const given = await valuesCallersGive(snapshot, analyses, bySource);
  const makeOverrides = await makeOverridesCallersGive(snapshot, bySource);
  for (const [path, analysis] of analyses) {
    if ((snapshot.entry(path)?.size ?? Infinity) > MAX_SOURCING_BYTES) continue;
    // A document's shell blocks that read a config inline (`BASE=$(jq -r .base_url tests/fixtures/provider.json)`, a plan
    // test spec's verify step): its blocks are read again with those values.
    if (analysis.readsConfigValues) {
      const bytes = await snapshot.readBytes(path);
      const values = bytes && (await configGetterValues(snapshot, path, decodeText(bytes).text));
      if (bytes && values?.size) analyses.set(path, analyse(path, bytes, { sourcedValues: values }));
      continue;
    }
    if (analysis.type !== 'script') continue;
    const refs = bySource.get(path) ?? [];
    const make = MAKEFILE.test(path);
    const bytes = await snapshot.readBytes(path);
    if (!bytes) continue;
    const script = decodeText(bytes).text;
    if (JUSTFILE.test(path)) {
      const values = await justfileEnvValues(snapshot, path, script);
      if (values.size) analyses.set(path, analyse(path, bytes, { sourcedValues: values }));
      continue;
    }
    if (PROGRAM.test(path) || PROGRAM_SHEBANG.test(script)) {
      const configs = await programConfigs(snapshot, path, script);
      if (configs.size) analyses.set(path, analyse(path, bytes, { programConfigs: configs }));
      continue;
    }
    // Only scripts that source a file, include one, define a helper or are run after a file is sourced can take values from elsewhere.
    const fromCaller = given.get(path);
    if (!refs.length && !make && !SHELL_SCRIPT.test(path) && !fromCaller) continue;
    const values = make
      ? await includedMakeValues(snapshot, path, makeVariablesAsShell(path, script), makeOverrides.get(path))
      : new Map([
          ...usedBy(script, fromCaller),
          ...(await sourcedFileValues(snapshot, script, refs)),
          ...(await configGetterValues(snapshot, path, script)),
        ]);
    if (values.size) analyses.set(path, analyse(path, bytes, { sourcedValues: values }));
  }
}

/**
 * What a step that sources a file gives a script it or a later step runs (`set -a; . scripts/test.env; set +a` …
 * `bash scripts/reset-fixtures.sh`): the sourced file's assignments, by the script run.
 */
async function valuesCallersGive(
  snapshot: RepoSnapshot,
  analyses: ReadonlyMap<string, FileAnalysis>,
  bySource: ReadonlyMap<string, readonly ResolvedReference[]>,
): Promise<Map<string, Map<string, string>>> {
  const given = new Map<string, Map<string, string>>();
  for (const [from, refs] of bySource) {
    if (refs.length < 2) continue;
    const bytes = await snapshot.readBytes(from);
    if (!bytes) continue;
    const text = decodeText(bytes).text;
    const sourced = refs.filter((r) => sources(text, r.written));
    if (!sourced.length) continue;
    for (const run of refs) {
      // A script run, or a library of functions sourced after the settings (`source gitflow.conf; source lib.sh`).
      if (analyses.get(run.target)?.type !== 'script') continue;
      for (const env of sourced) {
        // An earlier step's environment is the later steps' (a test spec's blocks run in order, one after another).
        if (env === run || env.line > run.line) continue;
        const envBytes = await snapshot.readBytes(env.target);
        if (!envBytes) continue;
        const values = given.get(run.target) ?? new Map<string, string>();
        for (const [name, value] of sourcedAssignments(decodeText(envBytes).text)) values.set(name, value);
        given.set(run.target, values);
      }
    }
  }
  return given;
}

/** The values a script uses (`$NAME`, `${NAME}`). */
function usedBy(script: string, values: ReadonlyMap<string, string> | undefined): Map<string, string> {
  const used = new Map<string, string>();
  for (const [name, value] of values ?? []) if (script.includes(`$${name}`) || script.includes(`\${${name}`)) used.set(name, value);
  return used;
}

/** The assignments of the files `script` sources that it uses. */
async function sourcedFileValues(snapshot: RepoSnapshot, script: string, refs: readonly ResolvedReference[]): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (const ref of refs) {
    if (!sources(script, ref.written)) continue;
    const sourced = await snapshot.readBytes(ref.target);
    if (!sourced) continue;
    for (const [name, value] of usedBy(script, sourcedAssignments(decodeText(sourced).text))) values.set(name, value);
  }
  return values;
}

/** `include $(dir $(lastword $(MAKEFILE_LIST)))reclaim.mk`, `-include config.mk`: the files a Makefile includes, by its own folder. */
const INCLUDE = /^-?s?include[ \t]{1,4}([^\n#]{1,300})/gm;

/** The Makefile's own folder as Make spells it: `$(dir $(lastword $(MAKEFILE_LIST)))`. */
const OWN_FOLDER = /\$\((?:dir|realpath|abspath) {1,4}(?:\$\((?:lastword|firstword) {1,4})?\$\{MAKEFILE_LIST\}\)?\)\/?/g;

/**
 * The assignments of the files a Makefile includes that the Makefile uses, read through the others they use
 * (`FIXTURE_DIR := $(CACHE_BASE)/$(FIXTURE_NS)`), with what its callers set on the command line over all of them.
 */
async function includedMakeValues(
  snapshot: RepoSnapshot,
  path: string,
  text: string,
  overrides: ReadonlyMap<string, string> = new Map(),
): Promise<Map<string, string>> {
  const all = new Map<string, string>();
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
      for (const [key, value] of makeAssignments(makeTextAsShell(decodeText(included).text))) all.set(key, value);
    }
  // What a caller sets overrides them all, and is read like them where the Makefile uses it (`rm -rf $(OUT)/*`, `make clean OUT=`).
  for (const [key, value] of overrides) all.set(key, value);
  const values = new Map<string, string>();
  for (const [key] of all) {
    if (!text.includes(`\${${key}}`)) continue;
    let value = all.get(key)!;
    for (let pass = 0; pass < 3 && value.includes('${'); pass++)
      value = value.replace(/\$\{(\w{1,60})\}/g, (use, name: string) => all.get(name) ?? use);
    // A folder emptied of its last part (`$(CACHE_BASE)/$(FIXTURE_NS)` with FIXTURE_NS empty) is its parent.
    values.set(key, value.replace(/(?<=[^:/])\/{2,}/g, '/').replace(/(?<=.)\/+$/, ''));
  }
  return values;
}
