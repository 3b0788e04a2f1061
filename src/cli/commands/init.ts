import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { detectLayout } from '../../core/config/detect.js';
import { SCHEMA_ID } from '../../core/config/json-schema.js';
import { loadConfig } from '../../core/config/resolve-config.js';
import { evaluate } from '../../core/evaluate.js';
import { exitCodeFor } from '../../core/report.js';
import { renderText } from '../../render/text.js';
import { LocalDirSnapshot } from '../../sources/local-dir-snapshot.js';
import { UsageError, type CliIO } from '../cli-io.js';
import { DEFAULT_CONFIG_PATH } from '../load-local-evaluation.js';
import { parseFlags, type CommandSpec } from '../parse-flags.js';
import { renderInitialConfig } from '../render-initial-config.js';
import { reportConfigProblems } from '../report-config-problems.js';

export const INIT_SPEC: CommandSpec = {
  usage: 'plangate init [dir] [--stdout] [--force]',
  maxPositionals: 1,
  flags: { force: { type: 'boolean' }, stdout: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
};

export const INIT_HELP = `Usage: plangate init [dir] [--stdout] [--force]

Detects the layout of dir (default: .), writes ${DEFAULT_CONFIG_PATH} saying what it found and why,
runs the checks with it and shows the result. It never writes a config the checks fail on: when
the repository has findings, it shows them and writes nothing (fix them, accept them with
\`plangate baseline --reason "..."\`, or use --force).
  --stdout   print the config instead of writing it (the result goes to stderr)
  --force    overwrite an existing config, and write even when the checks fail
  -h, --help this help
Exit codes: 0 written (or printed) and the checks pass, 1 the checks fail, 2 usage error.
`;

export async function runInitCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(args, INIT_SPEC);
  if (values.help) {
    io.stdout(INIT_HELP);
    return 0;
  }
  const dir = resolve(io.cwd, positionals[0] ?? '.');
  if (!existsSync(dir)) throw new UsageError(`not a directory: ${positionals[0]}`);
  const target = join(dir, DEFAULT_CONFIG_PATH);
  if (existsSync(target) && !values.force && !values.stdout)
    throw new UsageError(`${DEFAULT_CONFIG_PATH} already exists (use --force to overwrite, or --stdout to compare)`);

  const snapshot = await LocalDirSnapshot.open(dir);
  const detected = detectLayout(snapshot);
  const auto = loadConfig(undefined, DEFAULT_CONFIG_PATH, detected);
  if (!auto.ok) return reportConfigProblems(auto.problems, io);
  const text = renderInitialConfig(detected, auto.config.enabledChecks, SCHEMA_ID);
  const result = await evaluate({
    snapshot,
    configText: text,
    configFile: DEFAULT_CONFIG_PATH,
    configOrigin: `${DEFAULT_CONFIG_PATH} as plangate init writes it`,
  });
  if (!result.ok) return reportConfigProblems(result.problems, io);
  const report = result.report;
  const code = exitCodeFor(report);
  const shown = renderText(report, { color: io.stdoutIsTTY && !io.env.NO_COLOR });

  if (values.stdout) {
    io.stdout(text);
    io.stderr(shown);
    return code;
  }
  if (code !== 0 && !values.force) {
    io.stdout(shown);
    io.stderr(
      `plangate: did not write ${DEFAULT_CONFIG_PATH}: with it, \`plangate check\` fails on this repository (the findings above are real).\n` +
        '          Fix them, accept the scan findings with `plangate baseline --reason "<why>"`, or write it anyway with --force.\n',
    );
    return code;
  }
  mkdirSync(dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, target);
  io.stderr(`plangate: wrote ${DEFAULT_CONFIG_PATH} (checks: ${result.config.enabledChecks.join(', ') || 'none'}); the checks with it:\n`);
  io.stdout(shown);
  return code;
}
