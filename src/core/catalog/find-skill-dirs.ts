import { DEFAULT_DISCOVERY_IGNORE, makeIgnoreMatcher } from '../discovery/ignored-dirs.js';
import { normalizeRoot, parseSkillRoot, rootHoldsDir, type SkillRootPattern } from '../discovery/skill-root-pattern.js';
import type { EntryMode, RepoSnapshot } from '../snapshot.js';

export const SKILL_FILE = 'SKILL.md';
export { normalizeRoot };

/** A skill: a folder holding `SKILL.md` below a configured root. The folder name is its identity. */
export interface SkillDir {
  /** The configured root it was found under, normalised (no `./`, no trailing `/`). */
  root: string;
  /** The directory name: the skill's identity. */
  name: string;
  /** `<root>/…/<name>` */
  dir: string;
  /** `<dir>/SKILL.md` */
  skillFile: string;
  /** Mode of the SKILL.md entry (a symlinked SKILL.md is a skill, but is never read). */
  mode: EntryMode;
}

export interface FindSkillDirsOptions {
  /** Folders skipped below a root (discovery.ignore); a root itself is always searched. */
  ignore?: readonly string[];
}

/**
 * Every skill folder anywhere below the given roots (`skills` also finds `skills/.curated/x`;
 * `plugins/*\u002fskills` matches every plugin), in root order then path order. A skill belongs
 * to the deepest root that holds it. One pass over the snapshot's entries.
 */
export function findSkillDirs(snapshot: RepoSnapshot, roots: readonly string[], options: FindSkillDirsOptions = {}): SkillDir[] {
  const patterns = [...new Map(roots.map((r) => parseSkillRoot(r)).map((p) => [p.root, p])).values()];
  const isIgnored = makeIgnoreMatcher(options.ignore ?? DEFAULT_DISCOVERY_IGNORE);
  const found: SkillDir[][] = patterns.map(() => []);
  for (const entry of snapshot.entries()) {
    const { path } = entry;
    if (entry.mode === 'submodule' || !path.endsWith(`/${SKILL_FILE}`)) continue;
    const dir = path.slice(0, -SKILL_FILE.length - 1);
    const segments = dir.split('/');
    const slot = mostSpecificRoot(patterns, segments);
    if (slot < 0) continue;
    const below = segments.slice(patterns[slot]!.segments.length).join('/');
    if (isIgnored(`${below}/${SKILL_FILE}`) !== undefined) continue;
    found[slot]!.push({ root: patterns[slot]!.root, name: segments.at(-1)!, dir, skillFile: path, mode: entry.mode });
  }
  return found.flat();
}

/** The deepest root holding the folder: `document-skills` wins over `.` for `document-skills/docx`. */
function mostSpecificRoot(patterns: readonly SkillRootPattern[], segments: readonly string[]): number {
  let best = -1;
  patterns.forEach((p, i) => {
    if (rootHoldsDir(p, segments) && (best < 0 || p.segments.length > patterns[best]!.segments.length)) best = i;
  });
  return best;
}

/** Configured roots that hold no skill at all (reported so a moved folder does not go unnoticed). */
export function emptySkillRoots(roots: readonly string[], skills: readonly SkillDir[]): string[] {
  const used = new Set(skills.map((s) => s.root));
  return [...new Set(roots.map(normalizeRoot))].filter((r) => !used.has(r));
}
