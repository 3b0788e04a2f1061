import type { Finding } from '../finding.js';
import type { JsonDocument } from '../json/read-json.js';
import type { RepoSnapshot } from '../snapshot.js';
import { catalogFinding } from './catalog-finding.js';
import { SOURCE_KEYS, type CatalogSkillEntry, type SkillsModel } from './catalog-model.js';
import { parseSkillRoot, rootHoldsDir } from '../discovery/skill-root-pattern.js';
import { normalizeRoot, SKILL_FILE, type SkillDir } from './find-skill-dirs.js';

export interface CatalogParityInput {
  snapshot: RepoSnapshot;
  skills: SkillsModel;
  doc: JsonDocument;
  file: string;
  skillDirs: readonly SkillDir[];
  roots: readonly string[];
}

/** `.github/skills/x/SKILL.md`, `./.github/skills/x/` or `.github/skills/x` → `.github/skills/x`. */
export function skillDirOfSource(source: string): string {
  const path = normalizeRoot(source);
  return path === SKILL_FILE ? '' : path.endsWith(`/${SKILL_FILE}`) ? path.slice(0, -SKILL_FILE.length - 1) : path;
}

/** The directories an entry points at, through any of its source fields. */
export function entrySkillDirs(entry: CatalogSkillEntry): Set<string> {
  return new Set(SOURCE_KEYS.flatMap((key) => (entry.sources[key] === undefined ? [] : [skillDirOfSource(entry.sources[key])])));
}

/**
 * Set equality in both directions between the skill directories on disk and the catalog:
 * an entry whose source lies under a skills root needs its SKILL.md (`skill_missing`); a
 * skill directory needs an entry that names it by path or by name (`skill_uncataloged`).
 */
export function checkCatalogParity(input: CatalogParityInput): Finding[] {
  const findings: Finding[] = [];
  const roots = input.roots.map(parseSkillRoot);
  const underRoot = (dir: string): boolean => roots.some((root) => rootHoldsDir(root, dir.split('/')));
  const cataloged = new Set<string>();
  const catalogedNames = new Set<string>();

  for (const entry of input.skills.skills) {
    if (entry.name !== undefined) catalogedNames.add(entry.name);
    entrySkillDirs(entry).forEach((dir) => cataloged.add(dir));
    const key = SOURCE_KEYS.find((k) => entry.sources[k] !== undefined);
    if (!key) continue;
    const dir = skillDirOfSource(entry.sources[key]!);
    if (dir === '' || !underRoot(dir)) continue;
    const skillFile = `${dir}/${SKILL_FILE}`;
    if (input.snapshot.entry(skillFile)) continue;
    const label = entry.name ?? `skills[${entry.index}]`;
    findings.push(
      catalogFinding({
        code: 'skill_missing',
        file: input.file,
        at: { doc: input.doc, path: ['skills', entry.index, key] },
        message: `Catalog skill "${label}" points at ${skillFile}, which does not exist`,
        help: `Restore ${dir}/, or remove the entry (and its capabilities) from the catalog.`,
        key: `missing:${label}:${dir}`,
      }),
    );
  }

  for (const skill of input.skillDirs) {
    if (cataloged.has(skill.dir) || catalogedNames.has(skill.name)) continue;
    findings.push(
      catalogFinding({
        code: 'skill_uncataloged',
        file: skill.skillFile,
        line: 1,
        message: `Skill directory ${skill.dir}/ is not in ${input.file}: no entry names "${skill.name}" or points at it`,
        help: `Add an entry for "${skill.name}" to ${input.file} (and its capability to capabilities.json), or remove the directory.`,
        key: `uncataloged:${skill.dir}`,
      }),
    );
  }
  return findings;
}
