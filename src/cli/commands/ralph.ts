import type { CliIO } from '../cli-io.js';

/** Placeholder until the ralph runner lands. */
export async function runRalphCommand(_args: string[], io: CliIO): Promise<number> {
  io.stderr('plangate ralph: not available in this build yet\n');
  return 2;
}
