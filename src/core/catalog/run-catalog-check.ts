import type { CheckRunner } from '../check.js';
import { checkCatalogBundle } from './check-catalog-bundle.js';
import { findSkillDirs } from './find-skill-dirs.js';
import { lintSkillDirs } from './lint-skill-dirs.js';

/**
 * The catalog check (checks.md §3): discover the skills under `catalog.skillRoots`, lint
 * each SKILL.md's frontmatter (`skills/*`), and — when `<catalogDir>/skills-general.json`
 * exists — check the oh-my-copilot catalog bundle and its parity with the skill dirs (`catalog/*`).
 */
export const runCatalogCheck: CheckRunner = async (snapshot, config) => {
  const roots = config.catalog.skillRoots;
  const skillDirs = findSkillDirs(snapshot, roots);
  const bundle = await checkCatalogBundle({ snapshot, catalogDir: config.catalog.catalogDir, skillDirs, roots });
  const lint = await lintSkillDirs({
    snapshot,
    skillDirs,
    catalog: bundle.skills,
    catalogUnreadable: bundle.enabled && !bundle.skills,
    portability: config.catalog.portability,
  });
  const notes = [`catalog: ${skillDirs.length} skill${skillDirs.length === 1 ? '' : 's'} under ${roots.join(', ')}${bundle.enabled ? ', catalog bundle checked' : ''}`];
  return { findings: [...lint, ...bundle.findings], details: { notes } };
};
