import type { RepoSnapshot } from '../../snapshot.js';
import { decodeText } from '../../text.js';
import type { ResolvedReference } from '../judge/judge-files.js';
import { MAKEFILE } from '../rules/shell-vocabulary.js';

/** `make reset-fixtures FIXTURE_NS= CACHE_BASE=/mnt/ci`: the variables a command line sets for the Makefile it runs. */
const MAKE_LINE = /(?:^|[\s;&|(])make\s[^\n;&|]{0,400}/;
const OVERRIDE = /(?:^|\s)([A-Za-z_]\w{0,60})=("[^"\n]{0,200}"|'[^'\n]{0,200}'|[^\s;&|]{0,200})(?=\s|$)/g;

/**
 * What the files that run a Makefile set on its command line (`make reset-fixtures FIXTURE_NS=`): such a variable
 * overrides every assignment of the Makefile and of what it includes, so the recipe runs with it. By Makefile; where
 * callers differ, an emptied variable is kept (it is what turns a folder into its parent), else the first caller's.
 * A Makefile's own comments (`# e.g. make x CACHE=/mnt/ci`) set nothing.
 */
export async function makeOverridesCallersGive(
  snapshot: RepoSnapshot,
  bySource: ReadonlyMap<string, readonly ResolvedReference[]>,
): Promise<Map<string, Map<string, string>>> {
  const given = new Map<string, Map<string, string>>();
  for (const [from, refs] of bySource) {
    if (MAKEFILE.test(from)) continue;
    const runs = refs.filter((r) => MAKEFILE.test(r.target));
    if (!runs.length) continue;
    const bytes = await snapshot.readBytes(from);
    if (!bytes) continue;
    const lines = decodeText(bytes).text.split('\n');
    for (const run of runs) {
      const command = MAKE_LINE.exec(lines[run.line - 1] ?? '')?.[0];
      if (!command) continue;
      const values = given.get(run.target) ?? new Map<string, string>();
      for (const m of command.matchAll(OVERRIDE)) {
        const value = m[2]!.replace(/^(["'])(.*)\1$/, '$2');
        if (!values.has(m[1]!) || value === '') values.set(m[1]!, value);
      }
      if (values.size) given.set(run.target, values);
    }
  }
  return given;
}
