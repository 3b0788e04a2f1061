import type { RepoState } from './types.js';

/** Every commit reachable from `sha` (itself included), breadth first. */
export function ancestors(repo: RepoState, sha: string): Set<string> {
  const seen = new Set<string>();
  const queue = [sha];
  while (queue.length) {
    const next = queue.shift()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(repo.commits[next]?.parents ?? []));
  }
  return seen;
}

export function isAncestor(repo: RepoState, ancestor: string, of: string): boolean {
  return ancestors(repo, of).has(ancestor);
}

/** The nearest common ancestor (what compare and PR files diff against), or undefined. */
export function mergeBase(repo: RepoState, a: string, b: string): string | undefined {
  const fromA = ancestors(repo, a);
  const seen = new Set<string>();
  const queue = [b];
  while (queue.length) {
    const next = queue.shift()!;
    if (fromA.has(next)) return next;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...(repo.commits[next]?.parents ?? []));
  }
  return undefined;
}
