import { formatConfigProblem, type ConfigProblem } from '../core/config/problems.js';
import type { CliIO } from './cli-io.js';

/** A rejected config: every problem with file, line, expected and got, on stderr; exit code 2. */
export function reportConfigProblems(problems: readonly ConfigProblem[], io: CliIO): 2 {
  io.stderr(`plangate: the config was rejected (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n`);
  for (const p of problems) io.stderr(`  ${formatConfigProblem(p)}\n`);
  return 2;
}
