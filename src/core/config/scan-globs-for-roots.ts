import type { DiscoveredSkill } from '../discovery/discover-skills.js';
import { normalizeRoot } from '../discovery/skill-root-pattern.js';
import { pushAll } from '../push-all.js';

const MAX_TOP_LEVEL_SKILL_GLOBS = 200;

/**
 * Scan globs for configured skill roots, so the scan covers every root the catalog reads. The
 * top level (`.`) is never scanned whole: only the skill folders discovery found there.
 */
export function scanGlobsForRoots(roots: readonly string[], skills: readonly DiscoveredSkill[]): string[] {
  const globs: string[] = [];
  for (const raw of roots) {
    const root = normalizeRoot(raw);
    if (root) {
      globs.push(`${root}/**`);
      continue;
    }
    const top = skills.filter((s) => s.parent === '' && s.dir);
    if (top.length && top.length <= MAX_TOP_LEVEL_SKILL_GLOBS)
      pushAll(
        globs,
        top.map((s) => `${s.dir}/**`),
      );
    else globs.push('*/SKILL.md');
    if (skills.some((s) => s.dir === '')) globs.push('SKILL.md');
  }
  return globs;
}
