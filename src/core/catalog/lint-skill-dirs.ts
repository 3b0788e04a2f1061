import type { Finding } from '../finding.js';
import { readText } from '../read-text.js';
import type { RepoSnapshot } from '../snapshot.js';
import { skillFinding } from './catalog-finding.js';
import { entrySkillDirs } from './check-catalog-parity.js';
import type { SkillsModel } from './catalog-model.js';
import type { SkillDir } from './find-skill-dirs.js';
import { lintSkillFile } from './lint-skill-file.js';

/** Files read at once: enough to overlap I/O, few enough to keep memory flat on 10,000 skills. */
const READ_CONCURRENCY = 16;

export interface LintSkillDirsInput {
  snapshot: RepoSnapshot;
  skillDirs: readonly SkillDir[];
  /** The catalog, when there is one: its names and aliases excuse a `name` ≠ directory. */
  catalog?: SkillsModel;
  /** A catalog exists but could not be read (its own finding says why). */
  catalogUnreadable?: boolean;
  portability: boolean;
}

/** Reads every SKILL.md (a few at a time, never all at once) and lints its frontmatter and body. */
export async function lintSkillDirs(input: LintSkillDirsInput): Promise<Finding[]> {
  const aliasesOf = catalogAliasLookup(input.catalog);
  const results: Finding[][] = new Array(input.skillDirs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < input.skillDirs.length) {
      const i = next++;
      const skill = input.skillDirs[i]!;
      const decoded = skill.mode === 'file' || skill.mode === 'executable' ? await readText(input.snapshot, skill.skillFile) : undefined;
      if (!decoded) {
        results[i] = [];
        continue;
      }
      const issues = lintSkillFile(decoded.text, {
        dirName: skill.name,
        catalogAliases: input.catalog ? aliasesOf(skill) : undefined,
        catalogUnreadable: input.catalogUnreadable,
        portability: input.portability,
      });
      results[i] = issues.map((issue) => skillFinding(skill.skillFile, issue));
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, input.skillDirs.length) }, worker));
  return results.flat();
}

/** For each skill dir: the names the catalog gives it (entry name and aliases), matched by path or by name. */
function catalogAliasLookup(catalog: SkillsModel | undefined): (skill: SkillDir) => ReadonlySet<string> {
  const byDir = new Map<string, Set<string>>();
  const byName = new Map<string, Set<string>>();
  const add = (map: Map<string, Set<string>>, key: string, names: string[]): void => {
    const set = map.get(key) ?? new Set<string>();
    names.forEach((n) => set.add(n));
    map.set(key, set);
  };
  for (const entry of catalog?.skills ?? []) {
    const names = [...(entry.name === undefined ? [] : [entry.name]), ...entry.aliases];
    if (!names.length) continue;
    entrySkillDirs(entry).forEach((dir) => add(byDir, dir, names));
    if (entry.name !== undefined) add(byName, entry.name, names);
  }
  return (skill) => new Set([...(byDir.get(skill.dir) ?? []), ...(byName.get(skill.name) ?? [])]);
}
