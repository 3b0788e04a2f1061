export interface SkillRootCount {
  root: string;
  skills: number;
}

/** Sibling folders are only folded when they are this shallow (keeps the work linear in the path count). */
const MAX_FOLD_DEPTH = 8;

/**
 * The fewest roots that hold every skill, from the folders the skills sit in: sibling folders
 * that differ in one middle segment become one starred root (`plugins/a/skills` and
 * `plugins/b/skills` → `plugins/<star>/skills`), and a root below another root is dropped
 * (`skills/.curated` is inside `skills`). Skills at the top level get the root `` of their own:
 * it is shown next to the others, never instead of them. Counts add up to the number of skills.
 */
export function compactSkillRoots(parents: ReadonlyMap<string, number>): SkillRootCount[] {
  const folded = foldSiblings(parents);
  const candidates = [...folded.keys()].sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0));
  const literal = new Set<string>();
  const starred: string[][] = [];
  const kept: string[] = [];
  for (const root of candidates) {
    if (root && coveringRoot(root.split('/'), literal, starred, false) !== undefined) continue;
    kept.push(root);
    if (root.includes('*')) starred.push(root.split('/'));
    else literal.add(root);
  }
  const counts = new Map(kept.map((k) => [k, 0]));
  for (const [parent, n] of parents) {
    const owner = parent ? coveringRoot(parent.split('/'), literal, starred, true) : '';
    if (owner !== undefined) counts.set(owner, (counts.get(owner) ?? 0) + n);
  }
  return kept.map((root) => ({ root, skills: counts.get(root)! })).sort((a, b) => b.skills - a.skills || (a.root < b.root ? -1 : 1));
}

/** The kept root that equals (when `orEqual`) or lies above this folder; `` never covers others. */
function coveringRoot(
  segments: readonly string[],
  literal: ReadonlySet<string>,
  starred: readonly string[][],
  orEqual: boolean,
): string | undefined {
  const end = orEqual ? segments.length : segments.length - 1;
  let prefix = '';
  for (let i = 0; i < end; i++) {
    prefix = i === 0 ? segments[0]! : `${prefix}/${segments[i]}`;
    if (literal.has(prefix)) return prefix;
  }
  for (const pattern of starred) {
    if (pattern.length > end) continue;
    if (pattern.every((s, i) => s === '*' || s === segments[i])) return pattern.join('/');
  }
  return undefined;
}

function foldSiblings(parents: ReadonlyMap<string, number>): Map<string, number> {
  const byKey = new Map<string, string[]>();
  for (const parent of parents.keys()) {
    const segments = parent.split('/');
    if (segments.length > MAX_FOLD_DEPTH) continue;
    for (let i = 1; i < segments.length - 1; i++) {
      const key = [...segments.slice(0, i), '*', ...segments.slice(i + 1)].join('/');
      const members = byKey.get(key);
      if (members) members.push(parent);
      else byKey.set(key, [parent]);
    }
  }
  const out = new Map<string, number>();
  const taken = new Set<string>();
  const keys = [...byKey.entries()]
    .filter(([, members]) => members.length >= 2)
    .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  for (const [key, members] of keys) {
    const fresh = members.filter((m) => !taken.has(m));
    if (fresh.length < 2) continue;
    fresh.forEach((m) => taken.add(m));
    out.set(
      key,
      fresh.reduce((sum, m) => sum + parents.get(m)!, 0),
    );
  }
  for (const [parent, n] of parents) if (!taken.has(parent)) out.set(parent, n);
  return out;
}

function depth(root: string): number {
  return root ? root.split('/').length : 0;
}
