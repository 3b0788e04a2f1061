import type { EntryMode, RepoSnapshot } from '../snapshot.js';
import { classifyAgentFile } from './agent-files.js';
import { compactSkillRoots, type SkillRootCount } from './compact-skill-roots.js';
import { DEFAULT_DISCOVERY_IGNORE, makeIgnoreMatcher } from './ignored-dirs.js';

export const SKILL_FILE = 'SKILL.md';
/** Enough for the largest public skill collections; past it the count goes on but the list stops. */
export const DEFAULT_MAX_SKILLS = 20_000;
const MAX_AGENT_FILES = 5_000;

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
  /** Agent definitions outside skill folders (`agents/*.md`, `.github/agents/*.agent.md`). */
  agentFiles: string[];
  /** AGENTS.md, CLAUDE.md, Copilot and Cursor instruction files. */
  instructionFiles: string[];
  /** Ignored folders that held SKILL.md files, and how many: discovery says what it skipped. */
  ignored: { dir: string; skills: number }[];
  /** The skill list stopped at `maxSkills`. */
  truncated: boolean;
}

export interface DiscoveryOptions {
  /** Folder names (any depth) or folder paths (from the root) to skip; default DEFAULT_DISCOVERY_IGNORE. */
  ignore?: readonly string[];
  maxSkills?: number;
}

/**
 * Every skill, agent file and instruction file in a tree, outside ignored folders. One pass over
 * the snapshot's entry list (already bounded by the source): no directory walk, no recursion.
 */
export function discoverSkills(snapshot: RepoSnapshot, options: DiscoveryOptions = {}): SkillDiscovery {
  const isIgnored = makeIgnoreMatcher(options.ignore ?? DEFAULT_DISCOVERY_IGNORE);
  const maxSkills = options.maxSkills ?? DEFAULT_MAX_SKILLS;
  const skills: DiscoveredSkill[] = [];
  const parents = new Map<string, number>();
  const ignored = new Map<string, number>();
  const agentCandidates: string[] = [];
  const instructionFiles: string[] = [];
  let skillCount = 0;

  for (const entry of snapshot.entries()) {
    const { path } = entry;
    if (entry.mode === 'submodule') continue;
    const isSkillFile = path === SKILL_FILE || path.endsWith(`/${SKILL_FILE}`);
    const surface = isSkillFile ? undefined : classifyAgentFile(path);
    if (!isSkillFile && !surface) continue;
    const ignoredBy = isIgnored(path);
    if (ignoredBy !== undefined) {
      if (isSkillFile) ignored.set(ignoredBy, (ignored.get(ignoredBy) ?? 0) + 1);
      continue;
    }
    if (surface === 'instructions') {
      if (instructionFiles.length < MAX_AGENT_FILES) instructionFiles.push(path);
      continue;
    }
    if (surface === 'agent') {
      if (agentCandidates.length < MAX_AGENT_FILES) agentCandidates.push(path);
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
  return {
    skills,
    skillCount,
    roots: compactSkillRoots(parents),
    agentFiles: agentCandidates.filter((p) => !insideSkill(p, skillDirs)),
    instructionFiles,
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
