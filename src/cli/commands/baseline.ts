import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { planBaselineUpdate, type BaselineRecord } from '../../core/baseline/plan-baseline-update.js';
import { runChecks } from '../../core/check.js';
import { loadConfig } from '../../core/config/resolve-config.js';
import { detectLayouts } from '../../core/evaluate.js';
import { showControlCharacters } from '../../core/terminal-safe.js';
import { UsageError, type CliIO } from '../cli-io.js';
import { loadLocalEvaluation } from '../load-local-evaluation.js';
import { parseFlags, type CommandSpec } from '../parse-flags.js';
import { reportConfigProblems } from '../report-config-problems.js';

export const BASELINE_SPEC: CommandSpec = {
  usage: 'plangate baseline [dir] --reason "<why they are acceptable>" [--prune] [--dry-run]',
  maxPositionals: 1,
  flags: {
    reason: { type: 'string' },
    prune: { type: 'boolean' },
    'dry-run': { type: 'boolean' },
    config: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
};

export const BASELINE_HELP = `Usage: plangate baseline [dir] --reason "<why>" [--prune] [--dry-run]

Writes or updates the scan baseline (scan.baseline, default .plangate/scan-baseline.json): every
scanner finding in dir (default: .) that the baseline does not list yet is added with the reason
given, so adopting plangate on an existing repository blocks nothing already there. Entries
already in the file stay as they are.
  --reason <text>   why these findings are acceptable (required when there are new ones)
  --prune           drop entries whose finding is gone (fixed, or the file was removed)
  --dry-run         say what would change, write nothing
  --config <file>   config file (default: <dir>/.github/plangate.yml)
The Action and the App read the baseline from the base branch: merge it before the change it covers.
Exit codes: 0 written or up to date, 2 usage or config error.
`;

/** A path no tree can hold: the baseline is not applied while the findings to baseline are collected. */
const NO_BASELINE = '\u0000';

export async function runBaselineCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(args, BASELINE_SPEC);
  if (values.help) {
    io.stdout(BASELINE_HELP);
    return 0;
  }
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  const local = await loadLocalEvaluation({ dir: positionals[0] ?? '.', config: values.config as string | undefined }, io.cwd, io.env);
  try {
    if (local.configProblems.length) return reportConfigProblems(local.configProblems, io);
    const loaded = loadConfig(local.configText, local.configFile, (options) => detectLayouts(local.snapshot, undefined, options));
    if (!loaded.ok) return reportConfigProblems(loaded.problems, io);
    if (!loaded.config.enabledChecks.includes('scan'))
      throw new UsageError(
        'the scan is not enabled for this repository, so there is nothing to baseline (enable it with `checks:` or pass a config)',
      );
    const path = loaded.config.scan.baseline;
    const file = join(local.dir, path);
    const existing = readBaselineFile(file, path);
    const config = { ...loaded.config, enabledChecks: ['scan' as const], scan: { ...loaded.config.scan, baseline: NO_BASELINE } };
    const report = await runChecks(local.snapshot, config, local.context);
    const update = planBaselineUpdate(existing, report.findings, { reason, prune: Boolean(values.prune) });
    if (update.added.length && !reason) {
      throw new UsageError(
        `${update.added.length} finding(s) are not in ${path} yet; say why they are acceptable with --reason "<why>" (each entry records it)`,
      );
    }
    const pruned = values.prune ? update.stale.length : 0;
    io.stdout(
      summary(
        path,
        update.added.length,
        existing.length - pruned,
        pruned,
        values.prune ? 0 : update.stale.length,
        Boolean(values['dry-run']),
      ),
    );
    for (const r of update.added)
      io.stdout(
        `  + ${r.rule} ${showControlCharacters(r.file ?? '')}${r.line ? `:${r.line}` : ''}  ${showControlCharacters(r.message ?? '')}\n`,
      );
    if (update.withoutReason.length)
      io.stdout(
        `  ${update.withoutReason.length} entr${update.withoutReason.length === 1 ? 'y has' : 'ies have'} no reason and suppress nothing until one is written\n`,
      );
    if (!values['dry-run'] && (update.added.length || pruned))
      writeAtomically(file, `${JSON.stringify({ version: 1, suppressions: update.records }, null, 2)}\n`);
    return 0;
  } finally {
    local.dispose();
  }
}

function summary(path: string, added: number, kept: number, pruned: number, stale: number, dryRun: boolean): string {
  if (!added && !pruned)
    return `plangate baseline: ${path} is up to date (${kept} entr${kept === 1 ? 'y' : 'ies'}${stale ? `, ${stale} for findings that are gone: --prune drops them` : ''})\n`;
  const verb = dryRun ? 'would write' : 'wrote';
  const parts = [
    `${added} added`,
    `${kept} kept`,
    ...(pruned ? [`${pruned} pruned`] : []),
    ...(stale ? [`${stale} for findings that are gone (--prune drops them)`] : []),
  ];
  return `plangate baseline: ${verb} ${path}: ${parts.join(', ')}\n`;
}

/** The entries as written, so reasons and any extra fields survive an update; a broken file is never overwritten. */
function readBaselineFile(file: string, path: string): BaselineRecord[] {
  if (!existsSync(file)) return [];
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${path} is not valid JSON (${(error as Error).message}); fix or delete it first`);
  }
  const suppressions = (value as { version?: unknown; suppressions?: unknown })?.suppressions;
  if ((value as { version?: unknown })?.version !== 1 || !Array.isArray(suppressions))
    throw new UsageError(`${path} is not a baseline ({ "version": 1, "suppressions": [...] }); fix or delete it first`);
  const records = suppressions.filter(
    (s): s is BaselineRecord => typeof s === 'object' && s !== null && typeof (s as BaselineRecord).fingerprint === 'string',
  );
  if (records.length !== suppressions.length) throw new UsageError(`${path} has entries without a "fingerprint"; fix or delete them first`);
  return records;
}

function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}
