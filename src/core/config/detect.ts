import type { RepoSnapshot } from '../snapshot.js';
import { discoverSkills, type DiscoveryOptions, type SkillDiscovery } from '../discovery/discover-skills.js';
import { parseArtifactName } from '../plans/parse-artifact-name.js';
import { scanGlobsForRoots } from './scan-globs-for-roots.js';
import type { PresetName } from './schema.js';
import { DEFAULT_SKILL_ROOTS } from './schema.js';

/** Why a preset applies, in words a person can check: "`.omx/plans/` holds prd-x.md". */
export interface LayoutEvidence {
  preset: PresetName;
  because: string;
}

export interface DetectedLayout {
  presets: PresetName[];
  /** The fewest roots holding every skill found (`.` = skills at the top level). */
  skillRoots: string[];
  /** Why each preset was detected. */
  evidence?: LayoutEvidence[];
  /** Layouts that almost matched and why they did not (`.omx/plans/` holds only sub-folders). */
  nearMisses?: LayoutEvidence[];
  /** Scan globs for what discovery found outside the default skill roots. */
  scanPaths?: string[];
  /** Files of agent surfaces found (agents, instructions, rules, commands, MCP configs, settings, hooks, plugins, plans): any turns the scan on. */
  surfaceFiles?: number;
  discovery?: SkillDiscovery;
}

const SPIRAL_PLAN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-.+\.md$/;

/**
 * Which planning tools a repository uses, from its paths alone (no file is read): a tool counts
 * only when its plans are where the tool writes them, so a `.omx/plans/` holding only
 * sub-folders or an `.omc/` holding only skills does not turn a plan gate on.
 */
export function detectLayout(snapshot: RepoSnapshot, options: DiscoveryOptions = {}): DetectedLayout {
  const evidence = new Map<PresetName, string>();
  const seenDirs = new Set<string>();
  const note = (preset: PresetName, because: string) => {
    if (!evidence.has(preset)) evidence.set(preset, because);
  };
  for (const { path } of snapshot.entries()) {
    // Every layout marker is a dot-folder or catalog/: the rest of the tree is skipped at once.
    if (path.charCodeAt(0) !== 46 && !path.startsWith('catalog/')) continue;
    const top = topLevelFileIn(path, ['.omx/plans', '.omc/plans', '.spiral/plans']);
    if (top) {
      const [dir, name] = top;
      if (dir === '.omx/plans' && parseArtifactName(name)) note('omx', `\`.omx/plans/\` holds ${name}`);
      else if (dir === '.omc/plans' && name.toLowerCase().endsWith('.md')) note('omc', `\`.omc/plans/\` holds ${name}`);
      else if (dir === '.spiral/plans' && SPIRAL_PLAN.test(name)) note('spiral', `\`.spiral/plans/\` holds ${name}`);
    }
    for (const dir of ['.omx/plans', '.omc', '.spiral/plans']) if (path.startsWith(`${dir}/`)) seenDirs.add(dir);
    if (path === '.omc/prd.json') note('omc', '`.omc/prd.json` exists');
    if (path === '.ralph/tasks.json') note('ralphdex', '`.ralph/tasks.json` exists');
    else if (path === '.ralph/prd.md') note('ralphdex', '`.ralph/prd.md` exists');
    if (path === 'catalog/skills-general.json') note('omp', '`catalog/skills-general.json` exists');
  }
  const nearMisses: LayoutEvidence[] = [];
  const miss = (preset: PresetName, dir: string, because: string) => {
    if (seenDirs.has(dir) && !evidence.has(preset)) nearMisses.push({ preset, because });
  };
  miss('omx', '.omx/plans', '`.omx/plans/` holds no PRD or test spec at its top level (files in sub-folders are not plans)');
  miss('omc', '.omc', '`.omc/` holds no plan (`.omc/plans/*.md`) and no `.omc/prd.json`');
  miss('spiral', '.spiral/plans', '`.spiral/plans/` holds no `<YYYY-MM-DDTHH-MM-SS>-<slug>.md` plan at its top level');

  const discovery = discoverSkills(snapshot, options);
  return {
    presets: [...evidence.keys()],
    skillRoots: [...new Set(discovery.roots.map((r) => knownRootHolding(r.root) ?? (r.root || '.')))],
    evidence: [...evidence].map(([preset, because]) => ({ preset, because })),
    nearMisses,
    scanPaths: scanPathsFor(discovery),
    surfaceFiles: discovery.surfaces.length,
    discovery,
  };
}

/** Scan globs covering every skill and agent file discovery found. */
function scanPathsFor(discovery: SkillDiscovery): string[] {
  const agentDirs = new Set(discovery.agentFiles.map((f) => `${f.slice(0, f.lastIndexOf('/') + 1)}*.md`));
  return [
    ...scanGlobsForRoots(
      discovery.roots.map((r) => r.root),
      discovery.skills,
    ),
    ...agentDirs,
  ];
}

/** `.github/skills/deep` is reported as the tool's own root `.github/skills`. */
function knownRootHolding(root: string): string | undefined {
  return DEFAULT_SKILL_ROOTS.find((known) => root === known || root.startsWith(`${known}/`));
}

function topLevelFileIn(path: string, dirs: readonly string[]): [string, string] | undefined {
  for (const dir of dirs) {
    if (!path.startsWith(`${dir}/`)) continue;
    const rest = path.slice(dir.length + 1);
    return rest.includes('/') ? undefined : [dir, rest];
  }
  return undefined;
}

export { DEFAULT_SKILL_ROOTS };

/** Head and base together: a change that deletes `.omx/plans` must not switch the plans gate off for itself. */
export function mergeLayouts(head: DetectedLayout, base: DetectedLayout): DetectedLayout {
  const evidence = [...(head.evidence ?? [])];
  for (const e of base.evidence ?? [])
    if (!evidence.some((h) => h.preset === e.preset)) evidence.push({ preset: e.preset, because: `${e.because} on the base branch` });
  return {
    presets: [...new Set([...base.presets, ...head.presets])],
    skillRoots: [...new Set([...base.skillRoots, ...head.skillRoots])],
    evidence,
    nearMisses: (head.nearMisses ?? []).filter((n) => !evidence.some((e) => e.preset === n.preset)),
    scanPaths: [...new Set([...(base.scanPaths ?? []), ...(head.scanPaths ?? [])])],
    surfaceFiles: Math.max(base.surfaceFiles ?? 0, head.surfaceFiles ?? 0),
    ...(head.discovery ? { discovery: head.discovery } : {}),
  };
}
