import * as z from 'zod/mini';
import '../zod-messages.js';

/**
 * Shapes of the oh-my-copilot catalog bundle (docs/rules/catalog.md). Fields that have their own
 * code (`id`, `name`, sources, capabilities, slash commands, `providerSupport.copilot`)
 * are optional here so that their absence gets that code rather than a generic
 * `schema_invalid`; when present they must still have the right type. Objects are loose:
 * oh-my-copilot may add fields, and a key we do not know is not an error.
 */
const text = z.string();

export const providerSupportSchema = z.looseObject({ state: text, notes: text });

export const capabilitySchema = z.looseObject({
  id: z.optional(text),
  name: text,
  title: text,
  category: text,
  summary: text,
  notes: text,
  defaultCommand: text,
  phase1: z.boolean(),
  sourceSkill: text,
  providers: z.looseObject({ copilot: text }),
  support: z.looseObject({ copilot: text }),
  providerSupport: z.looseObject({ copilot: z.optional(providerSupportSchema) }),
});

export const capabilitiesFileSchema = z.looseObject({
  schemaVersion: z.literal(1),
  providerStates: z.array(text),
  compatProviderStates: z.optional(z.array(text)),
  capabilities: z.array(capabilitySchema),
});

export const catalogSkillSchema = z.looseObject({
  name: z.optional(text),
  capabilityId: z.optional(text),
  capabilityIds: z.optional(z.array(text)),
  source: z.optional(text),
  sourcePath: z.optional(text),
  canonicalPath: z.optional(text),
  description: text,
  summary: text,
  support: text,
  aliases: z.array(text),
  slashCommands: z.optional(z.array(text)),
  projections: z.looseObject({ copilot: z.looseObject({ command: text, state: text }) }),
  projection: text,
  phase1: z.boolean(),
  handoffOnly: z.optional(z.boolean()),
});

export const skillsFileSchema = z.looseObject({
  schemaVersion: z.literal(1),
  canonicalRoot: text,
  commandPrefix: text,
  skills: z.array(catalogSkillSchema),
});
