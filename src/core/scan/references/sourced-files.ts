import type { RepoSnapshot } from '../../snapshot.js';
import { decodeText } from '../../text.js';
import type { FileAnalysis } from '../analyse/analyse-file.js';
import { sourcedAssignments, sources } from '../analyse/sourced-values.js';
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
}
