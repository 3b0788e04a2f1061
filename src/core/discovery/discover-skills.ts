import type { EntryMode, RepoSnapshot } from '../snapshot.js';
import type { SurfaceKind } from './agent-surfaces.js';
import { compactSkillRoots, type SkillRootCount } from './compact-skill-roots.js';
import { DEFAULT_DISCOVERY_IGNORE, makeIgnoreMatcher } from './ignored-dirs.js';
import { pluginRootTest, surfaceClassifier } from './surface-classifier.js';

export const SKILL_FILE = 'SKILL.md';
/** Enough for the largest public skill collections; past it the count goes on but the list stops. */
export const DEFAULT_MAX_SKILLS = 20_000;

/** A skill the way the Agent Skills format defines one: a folder holding `SKILL.md`. */
export interface DiscoveredSkill {
  /** The folder, e.g. `plugins/p/skills/review`; `` when the repository itself is the skill. */
  dir: string;
  /** The folder name: the skill's identity. */
  name: string;
  skillFile: string;
  /** The folder the skill sits in (`plugins/p/skills`). */
  parent: string;
  /** A symlinked SKILL.md is a skill, but is never read. */
  mode: EntryMode;
}

export interface SkillDiscovery {
  /** Every skill in path order (at most `maxSkills`). */
  skills: DiscoveredSkill[];
  /** How many skills there are, including any past the cap. */
  skillCount: number;
  /** The fewest roots holding every skill, biggest first (`skills`, `plugins/<star>/skills`, `` = top level). */
  roots: SkillRootCount[];
  /**
   * Every file of an agent surface (agent-surfaces.ts) outside skill folders, in path order: agents,
   * instructions, rules, commands, MCP configs, settings, hooks, plugin manifests and plans.
   */
  surfaces: SurfaceFile[];
  /** How many files of each kind. */
  surfaceCounts: Partial<Record<SurfaceKind, number>>;
  /** The surfaces of kind `agent` (`agents/*.md`, `.claude/agents/*.md`, `.github/agents/*.agent.md`, …). */
  agentFiles: string[];
  /** The surfaces of kind `instructions` and `rules` (AGENTS.md, CLAUDE.md, Copilot, Cursor, Cline rules, …). */
  instructionFiles: string[];
  /** Ignored folders that held SKILL.md files, and how many: discovery says what it skipped. */
  ignored: { dir: string; skills: number }[];
  /** The skill list stopped at `maxSkills`. */
  truncated: boolean;
}

export interface SurfaceFile {
  path: string;
  kind: SurfaceKind;
}

export interface DiscoveryOptions {
  /** Folder names (any depth) or folder paths (from the root) to skip; default DEFAULT_DISCOVERY_IGNORE. */
  ignore?: readonly string[];
  maxSkills?: number;
}

/**
 * Every skill and every agent surface in a tree, outside ignored folders. One pass over the
 * snapshot's entry list (already bounded by the source), after one cheap pass for plugin manifests
 * (plugin commands are relative to them): no directory walk, no recursion.
 */
export function discoverSkills(snapshot: RepoSnapshot, options: DiscoveryOptions = {}): SkillDiscovery {
  const isIgnored = makeIgnoreMatcher(options.ignore ?? DEFAULT_DISCOVERY_IGNORE);
  const maxSkills = options.maxSkills ?? DEFAULT_MAX_SKILLS;
  const entries = snapshot.entries();
  const classify = surfaceClassifier(pluginRootTest((path) => snapshot.entry(path)));
  const skills: DiscoveredSkill[] = [];
  const parents = new Map<string, number>();
  const ignored = new Map<string, number>();
  const candidates: SurfaceFile[] = [];
  let skillCount = 0;

  for (const entry of entries) {
    const { path } = entry;
    if (entry.mode === 'submodule') continue;
    const isSkillFile = path === SKILL_FILE || path.endsWith(`/${SKILL_FILE}`);
    const surface = isSkillFile ? undefined : classify(path);
    if (!isSkillFile && !surface) continue;
    const ignoredBy = isIgnored(path);
    if (ignoredBy !== undefined) {
      if (isSkillFile) ignored.set(ignoredBy, (ignored.get(ignoredBy) ?? 0) + 1);
      continue;
    }
    if (surface) {
      candidates.push({ path, kind: surface.kind });
      continue;
    }
    const dir = path.length === SKILL_FILE.length ? '' : path.slice(0, -SKILL_FILE.length - 1);
    const slash = dir.lastIndexOf('/');
    const parent = slash < 0 ? '' : dir.slice(0, slash);
    skillCount++;
    parents.set(parent, (parents.get(parent) ?? 0) + 1);
    if (skills.length < maxSkills) skills.push({ dir, name: dir.slice(slash + 1), skillFile: path, parent, mode: entry.mode });
  }

  const skillDirs = new Set(skills.map((s) => s.dir));
  const surfaces: SurfaceFile[] = [];
  const surfaceCounts: Partial<Record<SurfaceKind, number>> = {};
  for (const file of candidates) {
    if (insideSkill(file.path, skillDirs)) continue;
    surfaceCounts[file.kind] = (surfaceCounts[file.kind] ?? 0) + 1;
    surfaces.push(file);
  }
  const ofKind = (...kinds: SurfaceKind[]) => surfaces.filter((f) => kinds.includes(f.kind)).map((f) => f.path);
  return {
    skills,
    skillCount,
    roots: compactSkillRoots(parents),
    surfaces,
    surfaceCounts,
    agentFiles: ofKind('agent'),
    instructionFiles: ofKind('instructions', 'rules'),
    ignored: [...ignored.entries()].map(([dir, n]) => ({ dir, skills: n })).sort((a, b) => b.skills - a.skills || (a.dir < b.dir ? -1 : 1)),
    truncated: skillCount > skills.length,
  };
}

/** A file inside a skill folder is part of that skill (scanned with it), not an agent of its own. */
function insideSkill(path: string, skillDirs: ReadonlySet<string>): boolean {
  if (skillDirs.has('')) return true;
  for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
    if (skillDirs.has(path.slice(0, slash))) return true;
  }
  return false;
}
