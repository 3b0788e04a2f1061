import type { RepoSnapshot } from '../snapshot.js';
import type { PresetName } from './schema.js';
import { DEFAULT_SKILL_ROOTS } from './schema.js';

export interface DetectedLayout {
  presets: PresetName[];
  /** Skill roots that hold at least one `<root>/<name>/SKILL.md`. */
  skillRoots: string[];
}

/** Detects which planning tools a repository uses from its layout alone (no file is read). */
export function detectLayout(snapshot: RepoSnapshot): DetectedLayout {
  const found = new Set<PresetName>();
  const roots = new Set<string>();
  for (const { path } of snapshot.entries()) {
    if (path.startsWith('.omx/plans/')) found.add('omx');
    else if (path.startsWith('.omc/')) found.add('omc');
    else if (path.startsWith('.spiral/plans/')) found.add('spiral');
    else if (path === '.ralph/tasks.json') found.add('ralphdex');
    if (path === 'catalog/skills-general.json') found.add('omp');
    for (const root of DEFAULT_SKILL_ROOTS) {
      if (path.startsWith(`${root}/`) && /^[^/]+\/SKILL\.md$/.test(path.slice(root.length + 1))) roots.add(root);
    }
  }
  return { presets: [...found], skillRoots: DEFAULT_SKILL_ROOTS.filter((r) => roots.has(r)) };
}
