/**
 * A skill root as configured (`skills`, `plugins/<any>/skills` written with a star, `.`): a folder path whose `*`
 * segments match any one folder name. A root holds every skill folder anywhere below it, so
 * `skills` also finds `skills/.curated/<name>/SKILL.md`.
 */
export interface SkillRootPattern {
  /** As written, normalised: no `./`, no trailing `/`; `` is the repository root. */
  root: string;
  segments: string[];
}

/** `./a/b/` → `a/b`; `.` and `./` → `` (the repository root). */
export function normalizeRoot(root: string): string {
  let r = root.replace(/\\/g, '/');
  while (r.startsWith('./')) r = r.slice(2);
  r = r
    .replace(/\/+$/, '')
    .replace(/^\/+/, '')
    .replace(/\/{2,}/g, '/');
  return r === '.' ? '' : r;
}

export function parseSkillRoot(root: string): SkillRootPattern {
  const normalized = normalizeRoot(root);
  return { root: normalized, segments: normalized ? normalized.split('/') : [] };
}

/** Whether a skill folder (given by its path segments) lies below this root. */
export function rootHoldsDir(pattern: SkillRootPattern, dirSegments: readonly string[]): boolean {
  if (dirSegments.length <= pattern.segments.length) return false;
  return pattern.segments.every((segment, i) => segment === '*' || segment === dirSegments[i]);
}

/** Shown to people: `skills/`, a starred root, or `the top level`. */
export function describeRoot(root: string): string {
  const normalized = normalizeRoot(root);
  return normalized ? `${normalized}/` : 'the top level';
}
