import { safeLogLines } from '../core/terminal-safe.js';
import { UsageError, type CliIO } from './cli-io.js';
import { PLANGATE_VERSION } from './version.js';

export const MAIN_HELP = `plangate ${PLANGATE_VERSION} — plan-first gates for repositories where AI agents write the code

Usage: plangate <command> [options]

Commands:
  check [dir]     run the checks (plans, tasks, catalog, scan) and print the report
  gate            run the keyword gate for execution labels (what the App does on "ralph")
  init [dir]      detect the layout, write .github/plangate.yml saying why, and run the checks with it
  baseline [dir]  accept the scanner findings already there (.plangate/scan-baseline.json, with a reason)
  schema          print the config's JSON Schema
  ralph           run the bounded ralph loop (stories → agent → verify)

Run \`plangate <command> --help\` for a command's options.
Exit codes: 0 pass, 1 a check failed, 2 usage or config error.
`;

type Command = (args: string[], io: CliIO) => Promise<number>;

// Each command is imported when it runs: start-up is paid on every invocation, and `--version`
// or `gate` should not parse the scanner, the config schema or the ralph loop (docs/architecture.md).
const COMMANDS: Record<string, () => Promise<Command>> = {
  check: async () => (await import('./commands/check.js')).runCheckCommand,
  gate: async () => (await import('./commands/gate.js')).runGateCommand,
  init: async () => (await import('./commands/init.js')).runInitCommand,
  baseline: async () => (await import('./commands/baseline.js')).runBaselineCommand,
  schema: async () => (await import('./commands/schema.js')).runSchemaCommand,
  ralph: async () => (await import('./commands/ralph.js')).runRalphCommand,
};

/** The CLI entry: returns the exit code, never throws. */
export async function main(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(MAIN_HELP);
    return command ? 0 : 2;
  }
  if (command === '--version' || command === '-v') {
    io.stdout(`${PLANGATE_VERSION}\n`);
    return 0;
  }
  const load = Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  if (!load) {
    io.stderr(`plangate: unknown command "${command}"\n\n${MAIN_HELP}`);
    return 2;
  }
  try {
    const run = await load();
    return await run(rest, io);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`plangate ${command}: ${safeLogLines((error as Error).message)}\n`);
      return 2;
    }
    // Messages can quote paths and git output from the repository: its control characters are shown.
    io.stderr(`plangate ${command}: internal error: ${safeLogLines((error as Error).stack ?? String(error))}\n`);
    return 2;
  }
}
