import * as z from 'zod/mini';
import { configSchema } from './schema.js';

export const SCHEMA_ID = 'https://raw.githubusercontent.com/plangate/plangate/main/schema/plangate.schema.json';

/** The published JSON Schema, generated from the Zod schema (input side: defaults are optional). */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configSchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
  return { ...schema, $id: SCHEMA_ID, title: 'plangate config (.github/plangate.yml)' };
}

export function renderConfigJsonSchema(): string {
  return `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
}
