import type { Finding } from '../finding.js';
import type { JsonDocument } from '../json/read-json.js';
import { catalogFinding } from './catalog-finding.js';
import { primaryCapabilityId, type CapabilityEntry, type SkillsModel } from './catalog-model.js';

export interface CatalogSkillsInput {
  skills: SkillsModel;
  doc: JsonDocument;
  file: string;
  /** Capabilities by id; undefined when capabilities.json could not be read (reference checks are skipped). */
  capabilitiesById?: ReadonlyMap<string, CapabilityEntry>;
  /** Compat states for `projections.<provider>.state` (capabilities.json's list or the vocabulary). */
  compatStates: readonly string[];
}

/** skills-general.json entries: names, sources, capabilities, slash commands, phase 1. */
export function checkCatalogSkills(input: CatalogSkillsInput): Finding[] {
  const { doc, file, capabilitiesById } = input;
  const findings: Finding[] = [];
  const firstIndexOfName = new Map<string, number>();
  for (const skill of input.skills.skills) {
    const base = ['skills', skill.index] as const;
    const label = skill.name ?? `skills[${skill.index}]`;
    const push = (
      code: Parameters<typeof catalogFinding>[0]['code'],
      path: (string | number)[],
      message: string,
      help: string,
      key: string,
    ): void => {
      findings.push(catalogFinding({ code, file, at: { doc, path }, message, help, key }));
    };
    if (skill.name === undefined) {
      push(
        'missing-skill-name',
        [...base],
        `skills[${skill.index}] has no \`name\``,
        'Name the entry after its skill directory.',
        `skill:${skill.index}`,
      );
    } else if (firstIndexOfName.has(skill.name)) {
      const line = doc.positionOf(['skills', firstIndexOfName.get(skill.name)!]).line;
      push(
        'duplicate-skill-name',
        [...base, 'name'],
        `Skill "${skill.name}" is listed again (first at line ${line})`,
        'Keep one entry per skill.',
        `duplicate:${skill.name}`,
      );
    } else firstIndexOfName.set(skill.name, skill.index);

    if (Object.keys(skill.sources).length === 0) {
      push(
        'skill-missing-source',
        [...base],
        `Skill "${label}" has none of sourcePath, source, canonicalPath`,
        "Point `sourcePath` at the skill's SKILL.md.",
        `source:${label}`,
      );
    }
    if (skill.capabilityId === undefined && skill.capabilityIds.length === 0) {
      push(
        'skill-missing-capability',
        [...base],
        `Skill "${label}" has no capabilityId or capabilityIds`,
        'Link the skill to its capability in capabilities.json.',
        `capability:${label}`,
      );
    }
    if (skill.slashCommands.length === 0) {
      push(
        'skill-missing-slash-command',
        [...base, 'slashCommands'],
        `Skill "${label}" exposes no slash command`,
        'List at least one command in `slashCommands`.',
        `slash:${label}`,
      );
    }
    for (const [provider, state] of skill.projectionStates) {
      if (typeof state !== 'string' || input.compatStates.includes(state)) continue;
      push(
        'invalid-compat-provider-state',
        [...base, 'projections', provider, 'state'],
        `Skill "${label}" has projections.${provider}.state "${state}", which is not a compatibility state (${input.compatStates.join(', ')})`,
        'Use a state listed in compatProviderStates.',
        `projection:${label}:${provider}:${state}`,
      );
    }
    if (!capabilitiesById) continue;

    const referenced: [string, (string | number)[]][] = [];
    if (skill.capabilityId !== undefined) referenced.push([skill.capabilityId, [...base, 'capabilityId']]);
    skill.capabilityIds.forEach((id, j) => referenced.push([id, [...base, 'capabilityIds', j]]));
    const reported = new Set<string>();
    for (const [id, path] of referenced) {
      if (capabilitiesById.has(id) || reported.has(id)) continue;
      reported.add(id);
      push(
        'unknown-skill-capability',
        path,
        `Skill "${label}" references capability "${id}", which capabilities.json does not define`,
        'Add the capability or fix the id.',
        `unknown:${label}:${id}`,
      );
    }
    const primary = primaryCapabilityId(skill);
    if (skill.phase1 === true && primary !== undefined) {
      const capability = capabilitiesById.get(primary);
      if (capability?.phase1 !== true) {
        push(
          'missing-phase1-skill-capability',
          [...base, skill.capabilityId !== undefined ? 'capabilityId' : 'capabilityIds'],
          capability
            ? `Phase 1 skill "${label}" projects capability "${primary}", which is not marked phase1`
            : `Phase 1 skill "${label}" projects capability "${primary}", which capabilities.json does not define`,
          capability
            ? `Set \`"phase1": true\` on capability "${primary}", or \`"phase1": false\` on the skill.`
            : 'Define the capability with `"phase1": true`.',
          `phase1:${label}:${primary}`,
        );
      }
    }
  }
  return findings;
}
