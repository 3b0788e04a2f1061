import type { EntryMode, RepoSnapshot } from '../snapshot.js';

export const SKILL_FILE = 'SKILL.md';

/** A skill: `<root>/<name>/SKILL.md`. The directory name is its identity. */
export interface SkillDir {
  /** The configured root it was found under, normalised (no `./`, no trailing `/`). */
  root: string;
  /** The directory name: the skill's identity. */
  name: string;
  /** `<root>/<name>` */
  dir: string;
  /** `<root>/<name>/SKILL.md` */
  skillFile: string;
  /** Mode of the SKILL.md entry (a symlinked SKILL.md is a skill, but is never read). */
  mode: EntryMode;
}

/** `./a/b/` → `a/b`; `.` and `./` → `` (the repository root). */
export function normalizeRoot(root: string): string {
  let r = root.replace(/\\/g, '/');
  while (r.startsWith('./')) r = r.slice(2);
  r = r.replace(/\/+$/, '').replace(/^\/+/, '');
  return r === '.' ? '' : r;
}

/**
 * Every skill directly under the given roots, in root order then path order. One pass
 * over the snapshot's entries, so it stays linear however many roots and skills there are.
 */
export function findSkillDirs(snapshot: RepoSnapshot, roots: readonly string[]): SkillDir[] {
  const order = new Map<string, number>();
  for (const root of roots) {
    const normalized = normalizeRoot(root);
    if (!order.has(normalized)) order.set(normalized, order.size);
  }
  const found: SkillDir[][] = [...order.keys()].map(() => []);
  for (const entry of snapshot.entries()) {
    const { path } = entry;
    if (entry.mode === 'submodule' || (path !== SKILL_FILE && !path.endsWith(`/${SKILL_FILE}`))) continue;
    const dirEnd = path.length - SKILL_FILE.length - 1;
    if (dirEnd <= 0) continue;
    const nameStart = path.lastIndexOf('/', dirEnd - 1) + 1;
    const root = nameStart === 0 ? '' : path.slice(0, nameStart - 1);
    const slot = order.get(root);
    if (slot === undefined) continue;
    const name = path.slice(nameStart, dirEnd);
    found[slot]!.push({ root, name, dir: path.slice(0, dirEnd), skillFile: path, mode: entry.mode });
  }
  return found.flat();
}
