import type { RepoSnapshot } from '../../snapshot.js';
import type { FileAnalysis } from '../analyse/analyse-file.js';
import type { ResolvedReference } from '../judge/judge-files.js';
import { resolvedReference, skillLookup, skillRootsOf } from '../judge/judge-files.js';
import { isLfsPointer, notInRepositoryDiagnostic } from '../not-in-repository.js';
import type { Reference, ScanDiagnostic } from '../scan-types.js';
import { resolveLink } from '../surfaces/resolve-link.js';
import { resolveReference, type ResolveContext } from './resolve-reference.js';
import { findRunReferences, PACKAGE_SCRIPT_PREFIX } from './find-references.js';
import { expandGlob } from './expand-glob.js';
import { programConfigFiles } from './program-config-files.js';
import { decodeText } from '../../text.js';

/** Largest package.json read for its scripts. */
const MAX_PACKAGE_JSON_BYTES = 256 * 1024;

/** The `scripts` of each package.json read so far in one scan (a document names `npm run build` many times). */
type ManifestScripts = Map<string, Promise<Record<string, unknown> | undefined>>;

async function scriptsOf(snapshot: RepoSnapshot, manifest: string, size: number): Promise<Record<string, unknown> | undefined> {
  if (size > MAX_PACKAGE_JSON_BYTES) return undefined;
  const bytes = await snapshot.readBytes(manifest);
  try {
    const scripts: unknown = bytes ? (JSON.parse(decodeText(bytes).text) as { scripts?: unknown }).scripts : undefined;
    return scripts && typeof scripts === 'object' ? (scripts as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The files a package script runs (`pnpm ci:snapshot` → `"ci:snapshot": "node tools/ci-snapshot.mjs"`), from `manifest`
 * (the nearest package.json above the file that names it), as paths written in that package.json's folder. A script of scripts is
 * not followed further.
 */
async function packageScriptRuns(
  snapshot: RepoSnapshot,
  manifest: string | undefined,
  name: string,
  read: ManifestScripts,
): Promise<{ from: string; written: string }[]> {
  const entry = manifest ? snapshot.entry(manifest) : undefined;
  if (!manifest || !entry) return [];
  let scripts = read.get(manifest);
  if (!scripts) read.set(manifest, (scripts = scriptsOf(snapshot, manifest, entry.size)));
  const command = (await scripts)?.[name];
  if (typeof command !== 'string') return [];
  return findRunReferences(command)
    .filter((r) => !r.path.startsWith(PACKAGE_SCRIPT_PREFIX))
    .map((r) => ({ from: manifest, written: r.path }));
}

/** The nearest package.json above a file: the one `npm run` reads. */
function manifestOf(snapshot: RepoSnapshot, from: string): string | undefined {
  const parts = from.split('/').slice(0, -1);
  for (let depth = parts.length; depth >= 0; depth--) {
    const manifest = [...parts.slice(0, depth), 'package.json'].join('/');
    if (snapshot.entry(manifest)) return manifest;
  }
  return undefined;
}

/** Files a file's commands run are followed this deep (a hook's script sourcing a library: two). */
export const MAX_REFERENCE_DEPTH = 3;
/** References one file's commands may have followed: a real file names a few; a file of thousands is built to waste time. */
export const MAX_REFERENCES_PER_FILE = 64;
/** Largest referenced file read (the plan's own files have scan.maxFileBytes; this one was not planned). */
const MAX_REFERENCED_BYTES = 1024 * 1024;

export interface FollowedReferences {
  references: ResolvedReference[];
  diagnostics: [string, ScanDiagnostic][];
  /** Files read only because a command runs them. */
  read: { files: number; bytes: number };
}

function notScanned(ref: Reference, message: string, severity: ScanDiagnostic['severity']): ScanDiagnostic {
  return {
    ruleId: 'scan/reference_not_scanned',
    severity,
    line: ref.line,
    column: ref.column,
    message,
    help: 'Keep what a hook, MCP server or skill runs inside the repository, as a file, so it is reviewed with the change.',
  };
}

/**
 * The local files scanned commands run (hooks, MCP servers, plugin commands, scripts a skill's
 * instructions invoke), resolved in the tree and read when the plan did not select them, so what
 * they do joins the judgement of the command that runs them. A file out of the repository, missing,
 * in a submodule or stored with Git LFS is a finding, never a silent skip: an error when the agent
 * client starts it on its own (a hook, an MCP server), a warning when instructions name it.
 */
export async function followReferences(
  snapshot: RepoSnapshot,
  analyses: Map<string, FileAnalysis>,
  analyse: (path: string, content: Uint8Array) => FileAnalysis,
  /** Files the scan already reported (a planned LFS pointer): a reference to one adds no second finding. */
  reported: ReadonlySet<string> = new Set(),
): Promise<FollowedReferences> {
  const out: FollowedReferences = { references: [], diagnostics: [], read: { files: 0, bytes: 0 } };
  const roots = skillRootsOf(analyses.keys());
  const skillOf = skillLookup(roots);
  const skillsByName = new Map<string, string>();
  for (const root of roots) {
    const name = root.replace(/\/$/, '').split('/').pop();
    if (name && !skillsByName.has(name)) skillsByName.set(name, root);
  }
  const context: ResolveContext = {
    snapshot,
    skillRootOf: (path) => {
      const key = skillOf(path);
      return key.startsWith('file:') ? undefined : key;
    },
    skillsByName,
  };
  const manifests: ManifestScripts = new Map();
  const configsOf = programConfigFiles(snapshot);
  const readConfigs = async (program: FileAnalysis, beside: boolean) => {
    if (program.type !== 'script') return;
    for (const config of configsOf(program.path, program.readsConfigs ?? [], beside)) {
      if (analyses.has(config) || reported.has(config)) continue;
      const bytes = await snapshot.readBytes(config);
      if (!bytes || isLfsPointer(bytes)) continue;
      out.read.files++;
      out.read.bytes += bytes.length;
      analyses.set(config, analyse(config, bytes));
    }
  };
  let layer = [...analyses.values()];
  // The configs the scan's own scripts name; those beside a script only for one read because a command runs it.
  for (const planned of layer) if (planned.readsConfigs) await readConfigs(planned, false);
  for (let depth = 1; depth <= MAX_REFERENCE_DEPTH && layer.length; depth++) {
    const nextLayer: FileAnalysis[] = [];
    for (const analysis of layer) {
      const seen = new Set<string>();
      for (const ref of analysis.references.slice(0, MAX_REFERENCES_PER_FILE)) {
        const key = `${ref.unit}\0${ref.path}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const via = `${analysis.path}:${ref.line}`;
        const report = (message: string, severity: ScanDiagnostic['severity']) =>
          out.diagnostics.push([analysis.path, notScanned(ref, message, severity)]);
        const script = ref.path.startsWith(PACKAGE_SCRIPT_PREFIX);
        const manifest = script ? manifestOf(snapshot, analysis.path) : undefined;
        const runs = script
          ? await packageScriptRuns(snapshot, manifest, ref.path.slice(PACKAGE_SCRIPT_PREFIX.length), manifests)
          : expandGlob(snapshot, analysis.path, ref.path).map((written) => ({ from: analysis.path, written }));
        // The package.json whose script runs is read too, and judged on its own: its scripts are commands (`npm run sync`).
        if (manifest && !analyses.has(manifest) && !reported.has(manifest)) {
          const content =
            (snapshot.entry(manifest)?.size ?? Infinity) <= MAX_REFERENCED_BYTES ? await snapshot.readBytes(manifest) : undefined;
          if (content && !isLfsPointer(content)) {
            out.read.files++;
            out.read.bytes += content.length;
            analyses.set(manifest, analyse(manifest, content));
          }
        }
        for (const run of runs) {
          const resolved = resolveReference(run.from, run.written, context);
          if (resolved.kind === 'submodule') {
            out.diagnostics.push([
              analysis.path,
              { ...notInRepositoryDiagnostic(resolved.path, 'submodule', via), line: ref.line, column: ref.column },
            ]);
            continue;
          }
          if (resolved.kind !== 'file') {
            const what =
              resolved.kind === 'outside'
                ? 'is outside the repository'
                : resolved.kind === 'unknown'
                  ? 'is built from a variable nothing here sets'
                  : 'is not in the repository';
            if (ref.launched)
              report(
                `This ${ref.how === 'interpreter' ? 'command runs' : 'entry runs'} \`${ref.path}\`, which ${what}: what it does cannot be reviewed here, and the agent client runs it on its own.`,
                'error',
              );
            else if (resolved.kind === 'outside' && ref.how !== 'command')
              report(`These instructions run \`${ref.path}\`, which ${what}: what it does cannot be reviewed here.`, 'warning');
            continue;
          }
          let target = resolved.path;
          // Only what runs is followed: a document a command names (`cat notes.md`) is no program.
          if (/\.(?:md|mdx|markdown|txt|json|jsonc|ya?ml|toml|ini|csv|html?|lock)$/i.test(target)) continue;
          if (snapshot.entry(target)?.mode === 'symlink') {
            const link = await resolveLink(snapshot, target);
            if (link.kind !== 'file') {
              if (ref.launched) report(`This entry runs \`${ref.path}\`, a link that does not lead to a file of the repository.`, 'error');
              continue;
            }
            target = link.path;
          }
          if (target === analysis.path) continue;
          out.references.push(resolvedReference(analysis.path, ref, target));
          if (analyses.has(target) || reported.has(target)) continue;
          const entry = snapshot.entry(target);
          if (!entry || entry.size > MAX_REFERENCED_BYTES) {
            report(
              `This ${ref.launched ? 'entry' : 'instruction'} runs \`${ref.path}\` (${target}), which ${entry ? 'is too large to read here' : 'could not be read'}.`,
              ref.launched ? 'error' : 'warning',
            );
            continue;
          }
          const content = await snapshot.readBytes(target);
          if (!content) {
            report(
              `This ${ref.launched ? 'entry' : 'instruction'} runs \`${ref.path}\` (${target}), which could not be read.`,
              ref.launched ? 'error' : 'warning',
            );
            continue;
          }
          if (isLfsPointer(content)) {
            out.diagnostics.push([analysis.path, { ...notInRepositoryDiagnostic(target, 'lfs', via), line: ref.line, column: ref.column }]);
            continue;
          }
          out.read.files++;
          out.read.bytes += content.length;
          const read = analyse(target, content);
          analyses.set(target, read);
          nextLayer.push(read);
          await readConfigs(read, true);
        }
      }
    }
    layer = nextLayer;
  }
  return out;
}
