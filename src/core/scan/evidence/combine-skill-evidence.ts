import type { FailOn } from '../../config/schema.js';
import type { Finding } from '../../finding.js';
import type { CompiledRules } from '../engine/compile-rules.js';
import { severityFor } from '../to-scan-findings.js';
import { findCompound, type Signal } from './signals.js';

const SKILL_SCOPE = new Set(['skill'] as const);

/** Folders that hold a SKILL.md, longest first (a nested skill is its own skill). */
export function skillRootsOf(paths: readonly string[]): string[] {
  const roots = paths.filter((p) => p === 'SKILL.md' || p.endsWith('/SKILL.md')).map((p) => p.slice(0, p.length - 'SKILL.md'.length));
  return roots.sort((a, b) => b.length - a.length);
}

/** The skill a file belongs to: its deepest folder that is a root (one lookup per folder, not one test per root). */
function skillLookup(roots: readonly string[]): (file: string) => string {
  const set = new Set(roots);
  return (file) => {
    for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
      if (set.has(file.slice(0, slash + 1))) return file.slice(0, slash + 1);
    }
    return set.has('') ? '' : `file:${file}`;
  };
}

/**
 * Raises findings to HIGH for compounds whose signals are spread over a skill's files (a
 * SKILL.md that tells the agent to keep something from the user and a script that persists or
 * sends data; credentials read in one file and a drop box in another). Config levels still win.
 */
export function combineSkillEvidence(
  findings: readonly Finding[],
  roots: readonly string[],
  rules: CompiledRules,
  failOn: FailOn,
): Finding[] {
  const bySkill = new Map<string, Set<Signal>>();
  const skillOf = skillLookup(roots);
  for (const f of findings) {
    if (!f.signals?.length || !f.file) continue;
    const key = skillOf(f.file);
    const set = bySkill.get(key) ?? new Set<Signal>();
    for (const s of f.signals) set.add(s as Signal);
    bySkill.set(key, set);
  }
  return findings.map((f) => {
    if (!f.signals?.length || !f.file || f.level === 'HIGH') return f;
    const compound = findCompound(new Set(f.signals as Signal[]), bySkill.get(skillOf(f.file))!, SKILL_SCOPE);
    if (!compound || compound.defusedBy) return f;
    const level = rules.levelOf(f.ruleId, 'HIGH');
    if (level === f.level) return f;
    const message = `${f.message.replace(/ \[(?:HIGH|MEDIUM|LOW): [^\]]*\]$/, '')} [${level}: ${compound.signals.join(' + ')}, across the skill's files]`;
    return { ...f, level, severity: severityFor(level, failOn), message, signals: compound.signals };
  });
}
