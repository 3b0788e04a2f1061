import { applyConfigIgnores } from '../apply-config-ignores.js';
import type { CheckRunner } from '../check-context.js';
import type { CatalogConfig } from '../config/schema.js';
import { makeFinding, type Finding } from '../finding.js';
import { describeRoot } from '../discovery/skill-root-pattern.js';
import { checkCatalogBundle } from './check-catalog-bundle.js';
import { emptySkillRoots, findSkillDirs } from './find-skill-dirs.js';
import { lintSkillDirs } from './lint-skill-dirs.js';

/**
 * The catalog check (docs/rules/catalog.md): discover the skills under `catalog.skillRoots`, lint
 * each SKILL.md's frontmatter (`skills/*`), and — when `<catalogDir>/skills-general.json`
 * exists — check the oh-my-copilot catalog bundle and its parity with the skill dirs (`catalog/*`).
 * `catalog.ignore` entries (with a reason) accept findings by rule and path.
 */
export const runCatalogCheck: CheckRunner = async (snapshot, config) => {
  const roots = config.catalog.skillRoots;
  const skillDirs = findSkillDirs(snapshot, roots, { ignore: config.discovery.ignore });
  const bundle = await checkCatalogBundle({ snapshot, catalogDir: config.catalog.catalogDir, skillDirs, roots });
  const lint = await lintSkillDirs({
    snapshot,
    skillDirs,
    catalog: bundle.skills,
    catalogUnreadable: bundle.enabled && !bundle.skills,
    portability: config.catalog.portability,
  });
  const empty = emptySkillRoots(roots, skillDirs).map(emptyRootFinding);
  const all = [...lint, ...applyUncatalogedLevel(bundle.findings, config.catalog.uncataloged), ...empty];
  const ignored = applyConfigIgnores(all, config.catalog.ignore, {
    key: 'catalog.ignore',
    prefix: 'catalog',
    suppressible: (f) => !f.ruleId.startsWith('catalog/suppression_'),
  });
  const configFile = /^built-in|preset/.test(config.origin) ? undefined : config.origin;
  const findings = [
    ...ignored.kept,
    ...ignored.diagnostics.map((d) => makeFinding({ check: 'catalog', file: configFile, title: d.ruleId, ...d })),
  ];
  const where = roots.map(describeRoot).join(', ');
  const notes = [
    `catalog: ${skillDirs.length} skill${skillDirs.length === 1 ? '' : 's'} under ${where}${bundle.enabled ? ', catalog bundle checked' : ''}`,
  ];
  return { findings, suppressed: ignored.suppressed, details: { notes } };
};

/** A repository's own catalog validator may not require every skill folder to be catalogued. */
function applyUncatalogedLevel(findings: Finding[], level: CatalogConfig['uncataloged']): Finding[] {
  if (level === 'error') return findings;
  if (level === 'off') return findings.filter((f) => f.ruleId !== 'catalog/skill_uncataloged');
  return findings.map((f) => (f.ruleId === 'catalog/skill_uncataloged' ? { ...f, severity: 'warning' as const } : f));
}

function emptyRootFinding(root: string): Finding {
  return makeFinding({
    check: 'catalog',
    ruleId: 'catalog/skill_root_empty',
    severity: 'warning',
    message: `The skill root ${describeRoot(root)} holds no skill (no folder with a SKILL.md below it).`,
    help: 'Point catalog.skillRoots at where the skills live (`plangate init --stdout` shows what was found), or remove the root.',
    fingerprintKey: root,
  });
}
