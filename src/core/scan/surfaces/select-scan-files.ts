import { discoverSkills } from '../../discovery/discover-skills.js';
import { DEFAULT_DISCOVERY_IGNORE, makeIgnoreMatcher } from '../../discovery/ignored-dirs.js';
import { pluginRootsOf } from '../../discovery/surface-classifier.js';
import { surfaceFolderMatcher } from '../../discovery/surface-folders.js';
import { globListVerdict } from '../../glob-match.js';
import type { RepoSnapshot, SnapshotEntry } from '../../snapshot.js';

export interface ScanSelection {
  /** Entries to scan, in snapshot order. */
  entries: SnapshotEntry[];
  /** Whether a path is inside a skill folder (a folder holding SKILL.md): read by content, never skipped. */
  inSkill(path: string): boolean;
  /** Folders the source did not list that lie in a skill or in `scan.paths` (installed dependencies). */
  unread: string[];
  /**
   * Git submodules (gitlinks) where the scanner would read: in a skill folder, beside skills, in
   * `scan.paths`, or where an agent surface's files would be (`.claude/skills/helper`, `.claude`,
   * `plugins/p`). Their content is another repository's commit, which this tree cannot show.
   */
  submodules: SnapshotEntry[];
}

/**
 * What the scanner reads: every file `scan.paths` names, and — wherever they are, outside the
 * folders `discovery.ignore` names (vendored code, fixtures, build output) — every file of every
 * skill folder and every file of an agent surface (discovery/agent-surfaces.ts: agents,
 * instructions, rules, commands, MCP configs, settings, hooks, plugin manifests, plans).
 * `scan.paths` is read in order, the last matching glob deciding: a path it ends on a `!glob` is
 * left out even when discovery found it.
 */
export function selectScanFiles(
  snapshot: RepoSnapshot,
  paths: readonly string[],
  ignore: readonly string[] = DEFAULT_DISCOVERY_IGNORE,
): ScanSelection {
  const discovery = discoverSkills(snapshot, { ignore });
  const skillDirs = new Set(discovery.skills.map((s) => s.dir));
  const surfaces = new Set(discovery.surfaces.map((s) => s.path));
  const inSkill = (path: string): boolean => {
    if (skillDirs.has('')) return true;
    for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1))
      if (skillDirs.has(path.slice(0, slash))) return true;
    return false;
  };
  const entries = snapshot.entries().filter((entry) => {
    const verdict = globListVerdict(entry.path, paths);
    if (verdict === 'excluded') return false;
    return verdict === 'included' || inSkill(entry.path) || surfaces.has(entry.path);
  });
  const submodules = submodulesInScope(snapshot, paths, ignore, inSkill, new Set(discovery.skills.map((s) => s.parent)));
  const unread = (snapshot.skippedDirs?.() ?? []).filter((dir) => {
    const verdict = globListVerdict(`${dir}/x`, paths);
    return verdict !== 'excluded' && globListVerdict(`${dir}/`, paths) !== 'excluded' && (verdict === 'included' || inSkill(`${dir}/x`));
  });
  return { entries, inSkill, unread, submodules };
}

function submodulesInScope(
  snapshot: RepoSnapshot,
  paths: readonly string[],
  ignore: readonly string[],
  inSkill: (path: string) => boolean,
  skillParents: ReadonlySet<string>,
): SnapshotEntry[] {
  const gitlinks = snapshot.entries().filter((e) => e.mode === 'submodule');
  if (!gitlinks.length) return [];
  const isIgnored = makeIgnoreMatcher(ignore);
  const surfaceFolder = surfaceFolderMatcher(pluginRootsOf(snapshot.entries().map((e) => e.path)));
  return gitlinks.filter(({ path }) => {
    const verdict = globListVerdict(`${path}/x`, paths) ?? globListVerdict(path, paths);
    if (verdict === 'excluded') return false;
    if (verdict === 'included' || inSkill(path)) return true;
    const slash = path.lastIndexOf('/');
    return (
      isIgnored(`${path}/x`) === undefined && (skillParents.has(slash < 0 ? '' : path.slice(0, slash)) || surfaceFolder(path) !== undefined)
    );
  });
}
