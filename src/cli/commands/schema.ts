import { renderConfigJsonSchema } from '../../core/config/json-schema.js';
import type { CliIO } from '../cli-io.js';

export const SCHEMA_HELP = `Usage: plangate schema

Prints the JSON Schema of .github/plangate.yml (for editors: # yaml-language-server: $schema=…).
`;

export async function runSchemaCommand(args: string[], io: CliIO): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(SCHEMA_HELP);
    return 0;
  }
  io.stdout(renderConfigJsonSchema());
  return 0;
}
