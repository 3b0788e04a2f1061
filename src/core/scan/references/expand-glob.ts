import type { RepoSnapshot } from '../../snapshot.js';

/** Most files one glob a script runs stands for (`for step in tidy.d/*.sh`). */
const MAX_GLOB_FILES = 16;

/** A glob in a path's last segment only: `scripts/dev/tidy.d/*.sh`, `"$DIR"/hooks/??-*`. */
const LAST_SEGMENT_GLOB = /^(.*\/)?([^/]*[*?][^/]*)$/;

/**
 * The paths a glob a script runs stands for (`for step in scripts/dev/tidy.d/*.sh; do bash "$step"`, `run-parts
 * hooks.d`): every file of the tree whose folder ends as the glob's does and whose name matches, written as the
 * glob's folder and that name, for the reference resolver to place as it places any path. A path without a glob
 * stands for itself.
 */
export function expandGlob(snapshot: RepoSnapshot, from: string, written: string): string[] {
  const m = LAST_SEGMENT_GLOB.exec(written.replace(/["']/g, ''));
  if (!m) return [written];
  const folder = m[1] ?? '';
  const name = new RegExp(
    `^${m[2]!
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')}$`,
  );
  // The folder as the tree spells it: variables and `./` lead it in the script, not in the tree.
  const tail = folder.replace(/^(?:.*?\}\/|.*?\)\/|\$\w+\/|\.\/)+/, '').replace(/\/$/, '');
  const ownFolder = from.includes('/') ? from.slice(0, from.lastIndexOf('/')) : '';
  const names = new Set<string>();
  for (const entry of snapshot.entries()) {
    if (entry.mode === 'submodule') continue;
    const slash = entry.path.lastIndexOf('/');
    const dir = slash < 0 ? '' : entry.path.slice(0, slash);
    // A bare glob (`*.sh`) is in the script's own folder or the root, where a script run from either finds it.
    if (tail ? dir !== tail && !dir.endsWith(`/${tail}`) : dir !== '' && dir !== ownFolder) continue;
    const base = entry.path.slice(slash + 1);
    if (name.test(base)) names.add(base);
    if (names.size >= MAX_GLOB_FILES) break;
  }
  return [...names].sort().map((base) => `${folder}${base}`);
}
