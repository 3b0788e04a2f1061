/**
 * A lenient view of the catalog bundle for the referential checks: a field with the
 * wrong type reads as absent (its `schema_invalid` finding is reported separately), so
 * one bad field never hides an entry from the parity and reference checks.
 */
export interface CapabilityEntry {
  index: number;
  id?: string;
  sourceSkill?: string;
  defaultCommand?: string;
  summary?: string;
  phase1?: boolean;
  /** `providers.<provider>`: compat states. */
  providers: ReadonlyMap<string, unknown>;
  /** `support.<provider>`: provider states. */
  support: ReadonlyMap<string, unknown>;
  /** `providerSupport.<provider>`: the raw object (its `state` is a provider state). */
  providerSupport: ReadonlyMap<string, unknown>;
}

export interface CapabilitiesModel {
  /** `providerStates`, or undefined when it is not a list. */
  providerStates?: string[];
  compatProviderStates?: string[];
  capabilities: CapabilityEntry[];
}

export type SourceKey = 'sourcePath' | 'source' | 'canonicalPath';
export const SOURCE_KEYS: readonly SourceKey[] = ['sourcePath', 'source', 'canonicalPath'];

export interface CatalogSkillEntry {
  index: number;
  name?: string;
  capabilityId?: string;
  capabilityIds: string[];
  sources: Partial<Record<SourceKey, string>>;
  summary?: string;
  aliases: string[];
  slashCommands: string[];
  phase1?: boolean;
  /** `projections.<provider>.state`: compat states. */
  projectionStates: ReadonlyMap<string, unknown>;
}

export interface SkillsModel {
  skills: CatalogSkillEntry[];
}

export function readCapabilitiesModel(value: unknown): CapabilitiesModel | undefined {
  const root = asRecord(value);
  if (!root || !Array.isArray(root.capabilities)) return undefined;
  const capabilities: CapabilityEntry[] = [];
  root.capabilities.forEach((raw, index) => {
    const c = asRecord(raw);
    if (!c) return;
    capabilities.push({
      index,
      id: nonEmpty(c.id),
      sourceSkill: nonEmpty(c.sourceSkill),
      defaultCommand: nonEmpty(c.defaultCommand),
      summary: asString(c.summary),
      phase1: typeof c.phase1 === 'boolean' ? c.phase1 : undefined,
      providers: asMap(c.providers),
      support: asMap(c.support),
      providerSupport: asMap(c.providerSupport),
    });
  });
  return {
    providerStates: Array.isArray(root.providerStates) ? strings(root.providerStates) : undefined,
    compatProviderStates: Array.isArray(root.compatProviderStates) ? strings(root.compatProviderStates) : undefined,
    capabilities,
  };
}

export function readSkillsModel(value: unknown): SkillsModel | undefined {
  const root = asRecord(value);
  if (!root || !Array.isArray(root.skills)) return undefined;
  const skills: CatalogSkillEntry[] = [];
  root.skills.forEach((raw, index) => {
    const s = asRecord(raw);
    if (!s) return;
    const sources: Partial<Record<SourceKey, string>> = {};
    for (const key of SOURCE_KEYS) {
      const v = nonEmpty(s[key]);
      if (v !== undefined) sources[key] = v;
    }
    const projectionStates = new Map<string, unknown>();
    for (const [provider, projection] of asMap(s.projections)) {
      const p = asRecord(projection);
      if (p && Object.hasOwn(p, 'state')) projectionStates.set(provider, p.state);
    }
    skills.push({
      index,
      name: nonEmpty(s.name),
      capabilityId: nonEmpty(s.capabilityId),
      capabilityIds: Array.isArray(s.capabilityIds) ? strings(s.capabilityIds).filter((x) => x !== '') : [],
      sources,
      summary: asString(s.summary),
      aliases: Array.isArray(s.aliases) ? strings(s.aliases) : [],
      slashCommands: Array.isArray(s.slashCommands) ? strings(s.slashCommands).filter((x) => x.trim() !== '') : [],
      phase1: typeof s.phase1 === 'boolean' ? s.phase1 : undefined,
      projectionStates,
    });
  });
  return { skills };
}

/** The capability a skill projects: `capabilityId`, else the first of `capabilityIds`. */
export function primaryCapabilityId(skill: CatalogSkillEntry): string | undefined {
  return skill.capabilityId ?? skill.capabilityIds[0];
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function asMap(value: unknown): ReadonlyMap<string, unknown> {
  const record = asRecord(value);
  return new Map(record ? Object.entries(record) : []);
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function strings(list: unknown[]): string[] {
  return list.filter((x): x is string => typeof x === 'string');
}
