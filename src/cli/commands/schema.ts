import { renderConfigJsonSchema } from '../../core/config/json-schema.js';
import type { CliIO } from '../cli-io.js';
import { parseFlags, type CommandSpec } from '../parse-flags.js';

export const SCHEMA_SPEC: CommandSpec = { usage: 'plangate schema', maxPositionals: 0, flags: { help: { type: 'boolean', short: 'h' } } };

export const SCHEMA_HELP = `Usage: plangate schema

Prints the JSON Schema of .github/plangate.yml (for editors: # yaml-language-server: $schema=…).
`;

export async function runSchemaCommand(args: string[], io: CliIO): Promise<number> {
  if (parseFlags(args, SCHEMA_SPEC).values.help) {
    io.stdout(SCHEMA_HELP);
    return 0;
  }
  io.stdout(renderConfigJsonSchema());
  return 0;
}
