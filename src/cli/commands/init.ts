import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { detectLayout } from '../../core/config/detect.js';
import { SCHEMA_ID } from '../../core/config/json-schema.js';
import { LocalDirSnapshot } from '../../sources/local-dir-snapshot.js';
import { UsageError, type CliIO } from '../cli-io.js';
import { DEFAULT_CONFIG_PATH } from '../load-local-evaluation.js';
import { renderInitialConfig } from '../render-initial-config.js';

export const INIT_HELP = `Usage: plangate init [dir] [--force] [--stdout]

Writes ${DEFAULT_CONFIG_PATH} for the layout detected in dir (default: .).
  --force    overwrite an existing config
  --stdout   print the config instead of writing it
`;

export async function runInitCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: 'boolean' }, stdout: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout(INIT_HELP);
    return 0;
  }
  const dir = resolve(io.cwd, positionals[0] ?? '.');
  if (!existsSync(dir)) throw new UsageError(`not a directory: ${positionals[0]}`);
  const detected = detectLayout(await LocalDirSnapshot.open(dir));
  const text = renderInitialConfig(detected, SCHEMA_ID);
  if (values.stdout) {
    io.stdout(text);
    return 0;
  }
  const target = join(dir, DEFAULT_CONFIG_PATH);
  if (existsSync(target) && !values.force) throw new UsageError(`${DEFAULT_CONFIG_PATH} already exists (use --force to overwrite)`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
  const what = detected.presets.length ? `presets ${detected.presets.join(', ')}` : 'no known layout (all checks off until you configure them)';
  io.stderr(`plangate: wrote ${DEFAULT_CONFIG_PATH} (${what}${detected.skillRoots.length ? `; skill roots ${detected.skillRoots.join(', ')}` : ''})\n`);
  return 0;
}
