import type { Finding } from '../finding.js';
import type { JsonDocument } from '../json/read-json.js';
import { catalogFinding } from './catalog-finding.js';
import { primaryCapabilityId, type CapabilitiesModel, type CapabilityEntry, type SkillsModel } from './catalog-model.js';

export interface CatalogReferencesInput {
  capabilities: CapabilitiesModel;
  capabilitiesDoc: JsonDocument;
  capabilitiesFile: string;
  skills: SkillsModel;
  skillsDoc: JsonDocument;
  skillsFile: string;
  /** Skill directory names found on disk (to say so when a `sourceSkill` is only uncataloged). */
  skillDirNames: ReadonlySet<string>;
}

/** Cross-file rules: `sourceSkill` resolves, aliases agree, summaries agree. */
export function checkCatalogReferences(input: CatalogReferencesInput): Finding[] {
  return [...checkSourceSkills(input), ...checkCapabilityAliases(input), ...checkSkillAliases(input), ...checkSummaries(input)];
}

function checkSourceSkills(input: CatalogReferencesInput): Finding[] {
  const names = new Set(input.skills.skills.flatMap((s) => (s.name === undefined ? [] : [s.name])));
  const findings: Finding[] = [];
  for (const cap of input.capabilities.capabilities) {
    if (cap.sourceSkill === undefined || names.has(cap.sourceSkill)) continue;
    const onDisk = input.skillDirNames.has(cap.sourceSkill)
      ? ' (a skill directory of that name exists, but skills-general.json does not list it)'
      : '';
    findings.push(
      catalogFinding({
        code: 'unknown_source_skill',
        file: input.capabilitiesFile,
        at: { doc: input.capabilitiesDoc, path: ['capabilities', cap.index, 'sourceSkill'] },
        message: `Capability "${cap.id ?? cap.index}" has sourceSkill "${cap.sourceSkill}", which names no skill in ${input.skillsFile}${onDisk}`,
        help: 'Point sourceSkill at a skill listed in skills-general.json, or add that skill.',
        key: `source-skill:${cap.id ?? cap.index}:${cap.sourceSkill}`,
      }),
    );
  }
  return findings;
}

/**
 * Capabilities that alias one skill — the same `sourceSkill`, or the same `defaultCommand` —
 * must agree on the other: one skill has one default command, and one command runs one skill.
 * The first capability of a group (the one whose id is the skill's name, if any) sets the value.
 */
function checkCapabilityAliases(input: CatalogReferencesInput): Finding[] {
  const findings: Finding[] = [];
  const compare = (groupBy: 'sourceSkill' | 'defaultCommand', other: 'sourceSkill' | 'defaultCommand'): void => {
    const groups = new Map<string, CapabilityEntry[]>();
    for (const cap of input.capabilities.capabilities) {
      const key = cap[groupBy];
      if (key === undefined || cap[other] === undefined) continue;
      const group = groups.get(key) ?? [];
      group.push(cap);
      groups.set(key, group);
    }
    for (const [key, group] of groups) {
      const reference = group.find((c) => c.id === key) ?? group[0]!;
      for (const cap of group) {
        if (cap[other] === reference[other]) continue;
        findings.push(
          catalogFinding({
            code: 'alias_inconsistent',
            file: input.capabilitiesFile,
            at: { doc: input.capabilitiesDoc, path: ['capabilities', cap.index, other] },
            message: `Capabilities with ${groupBy} "${key}" disagree on ${other}: "${cap.id ?? cap.index}" has "${cap[other]}", "${reference.id ?? reference.index}" has "${reference[other]}"`,
            help: `Give every alias of one skill the same ${other}.`,
            key: `alias:${groupBy}:${key}:${cap.id ?? cap.index}`,
          }),
        );
      }
    }
  };
  compare('sourceSkill', 'defaultCommand');
  compare('defaultCommand', 'sourceSkill');
  return findings;
}

/** A skill's `aliases[]` must not name another skill or an alias another skill already claims. */
function checkSkillAliases(input: CatalogReferencesInput): Finding[] {
  const findings: Finding[] = [];
  const owner = new Map<string, string>();
  for (const skill of input.skills.skills) if (skill.name !== undefined) owner.set(skill.name, skill.name);
  for (const skill of input.skills.skills) {
    const label = skill.name ?? `skills[${skill.index}]`;
    skill.aliases.forEach((alias, j) => {
      const taken = owner.get(alias);
      if (taken === undefined) {
        owner.set(alias, label);
        return;
      }
      if (taken === label) return;
      findings.push(
        catalogFinding({
          code: 'alias_inconsistent',
          file: input.skillsFile,
          at: { doc: input.skillsDoc, path: ['skills', skill.index, 'aliases', j] },
          message: `Skill "${label}" claims alias "${alias}", which already ${taken === alias ? 'is a skill name' : `is an alias of "${taken}"`}`,
          help: 'An alias must resolve to exactly one skill; remove or rename it.',
          key: `skill-alias:${label}:${alias}`,
        }),
      );
    });
  }
  return findings;
}

function checkSummaries(input: CatalogReferencesInput): Finding[] {
  const byId = new Map<string, CapabilityEntry>();
  for (const cap of input.capabilities.capabilities) if (cap.id !== undefined && !byId.has(cap.id)) byId.set(cap.id, cap);
  const findings: Finding[] = [];
  for (const skill of input.skills.skills) {
    const id = primaryCapabilityId(skill);
    const capability = id === undefined ? undefined : byId.get(id);
    if (skill.summary === undefined || capability?.summary === undefined) continue;
    if (skill.summary.trim() === capability.summary.trim()) continue;
    const label = skill.name ?? `skills[${skill.index}]`;
    findings.push(
      catalogFinding({
        code: 'summary_mismatch',
        file: input.skillsFile,
        at: { doc: input.skillsDoc, path: ['skills', skill.index, 'summary'] },
        message: `Skill "${label}" summary ${JSON.stringify(skill.summary)} differs from capability "${id}" summary ${JSON.stringify(capability.summary)}`,
        help: 'Use one summary in both files (regenerate the catalog, or copy one into the other).',
        key: `summary:${label}:${id}`,
      }),
    );
  }
  return findings;
}
