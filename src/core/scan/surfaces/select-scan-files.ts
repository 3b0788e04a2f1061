import { Minimatch } from 'minimatch';
import { discoverSkills } from '../../discovery/discover-skills.js';
import { DEFAULT_DISCOVERY_IGNORE, makeIgnoreMatcher } from '../../discovery/ignored-dirs.js';
import type { RepoSnapshot, SnapshotEntry } from '../../snapshot.js';
import { globMatcher } from '../suppress/apply-config-ignores.js';
import { classifySurface } from './classify-surface.js';

export interface ScanSelection {
  /** Entries to scan, in snapshot order. */
  entries: SnapshotEntry[];
  /** Whether a path is inside a skill folder (a folder holding SKILL.md): read by content, never skipped. */
  inSkill(path: string): boolean;
  /** Folders the source did not list that lie in a skill or in `scan.paths` (installed dependencies). */
  unread: string[];
}

/** The `!` globs of `scan.paths`: a user's exclusions apply to discovered files too. */
function excludedBy(globs: readonly string[]): (path: string) => boolean {
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => new Minimatch(g.slice(1), { dot: true }));
  return (path) => exclude.some((m) => m.match(path));
}

/**
 * What the scanner reads: every file `scan.paths` names, and — wherever they are, outside
 * the folders `discovery.ignore` names (vendored code, fixtures, build output) — every file of every skill folder,
 * every agent and instruction file, every MCP config, agent settings file and plugin hooks
 * file. A `!` glob in `scan.paths` excludes from both.
 */
export function selectScanFiles(
  snapshot: RepoSnapshot,
  paths: readonly string[],
  ignore: readonly string[] = DEFAULT_DISCOVERY_IGNORE,
): ScanSelection {
  const inScope = globMatcher(paths);
  const excluded = excludedBy(paths);
  const isIgnored = makeIgnoreMatcher(ignore);
  const discovery = discoverSkills(snapshot, { ignore });
  const skillDirs = new Set(discovery.skills.map((s) => s.dir));
  const named = new Set([...discovery.agentFiles, ...discovery.instructionFiles]);
  const inSkill = (path: string): boolean => {
    if (skillDirs.has('')) return true;
    for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1))
      if (skillDirs.has(path.slice(0, slash))) return true;
    return false;
  };
  const entries = snapshot.entries().filter((entry) => {
    if (excluded(entry.path)) return false;
    if (inScope(entry.path) || inSkill(entry.path) || named.has(entry.path)) return true;
    return classifySurface(entry.path) !== undefined && isIgnored(entry.path) === undefined;
  });
  const unread = (snapshot.skippedDirs?.() ?? []).filter((dir) => !excluded(`${dir}/`) && (inSkill(`${dir}/x`) || inScope(`${dir}/x`)));
  return { entries, inSkill, unread };
}
