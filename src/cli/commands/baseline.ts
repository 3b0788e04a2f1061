import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { formatBaselineFile, type BaselineRecord } from '../../core/baseline/baseline-file.js';
import { planBaselineUpdate, type BaselineUpdate } from '../../core/baseline/plan-baseline-update.js';
import { parseBaseline } from '../../core/baseline/read-baseline.js';
import type { CheckContext } from '../../core/check-context.js';
import { runChecks } from '../../core/check.js';
import { loadConfig, type ResolvedConfig } from '../../core/config/resolve-config.js';
import { detectLayouts } from '../../core/evaluate.js';
import type { RepoSnapshot } from '../../core/snapshot.js';
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

Writes or updates the baseline (scan.baseline, default .plangate/scan-baseline.json): every
finding of the catalog, tasks and scan checks in dir (default: .) that the baseline does not
cover yet is added with the reason given, so adopting plangate on an existing repository blocks
nothing already there, and a pull request fails only on what it adds. Entries already in the
file stay as they are; an entry whose finding moved to a renamed file follows it.
  --reason <text>   why these findings are acceptable (required when there are new ones)
  --prune           drop entries whose finding is gone (fixed, or the file was removed)
  --dry-run         say what would change, write nothing
  --config <file>   config file (default: <dir>/.github/plangate.yml)
The plans gate is decided for each change and is never baselined.
The Action and the App read the baseline from the base branch: merge it before the change it covers.
Exit codes: 0 written or up to date, 2 usage or config error.
`;

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
    const checks = loaded.config.enabledChecks.filter((c) => c !== 'plans');
    if (!checks.length)
      throw new UsageError(
        'no check a baseline covers (catalog, tasks, scan) is enabled for this repository, so there is nothing to baseline (enable one with `checks:` or pass a config)',
      );
    const path = loaded.config.scan.baseline;
    const file = join(local.dir, path);
    const existing = readBaselineFile(file, path);
    const update = await planLocalBaseline(local.snapshot, loaded.config, local.context, existing, {
      reason,
      prune: Boolean(values.prune),
    });
    if (update.added.length && !reason) {
      throw new UsageError(
        `${update.added.length} finding(s) are not in ${path} yet; say why they are acceptable with --reason "<why>" (each entry records it)`,
      );
    }
    const dryRun = Boolean(values['dry-run']);
    const pruned = values.prune ? update.stale.length : 0;
    const changed = update.added.length + update.moved.length + update.backfilled + pruned > 0;
    io.stdout(summary(path, update, existing.length - pruned, pruned, Boolean(values.prune), dryRun, changed));
    for (const r of update.added) io.stdout(`  + ${describeRecord(r)}  ${showControlCharacters(r.message ?? '')}\n`);
    for (const r of update.moved) io.stdout(`  → ${describeRecord(r)}  (moved with its finding)\n`);
    for (const r of update.stale)
      io.stdout(`  ${values.prune ? '-' : '?'} ${describeRecord(r)}  (${values.prune ? 'pruned' : 'no finding matches it'})\n`);
    if (update.withoutReason.length)
      io.stdout(
        `  ${update.withoutReason.length} entr${update.withoutReason.length === 1 ? 'y has' : 'ies have'} no reason and suppress nothing until one is written\n`,
      );
    if (!dryRun && changed) writeAtomically(file, formatBaselineFile(update.records));
    return 0;
  } finally {
    local.dispose();
  }
}

/**
 * The baseline update for a working tree: every finding of the enabled checks, the baseline not
 * applied and none cut by the caps, against the entries already written.
 */
export async function planLocalBaseline(
  snapshot: RepoSnapshot,
  config: ResolvedConfig,
  context: CheckContext,
  existing: readonly BaselineRecord[],
  options: { reason: string; prune: boolean },
): Promise<BaselineUpdate> {
  const report = await runChecks(snapshot, config, context, { baseline: false, caps: false });
  return planBaselineUpdate(existing, report.findings, {
    ...options,
    checks: config.enabledChecks,
    exists: (path) => snapshot.entry(path) !== undefined,
  });
}

function describeRecord(r: BaselineRecord): string {
  return `${showControlCharacters(r.rule ?? r.fingerprint)} ${showControlCharacters(r.file ?? '')}${r.line ? `:${r.line}` : ''}`;
}

function summary(
  path: string,
  update: BaselineUpdate,
  kept: number,
  pruned: number,
  prune: boolean,
  dryRun: boolean,
  changed: boolean,
): string {
  const stale = prune ? 0 : update.stale.length;
  if (!changed)
    return `plangate baseline: ${path} is up to date (${kept} entr${kept === 1 ? 'y' : 'ies'}${stale ? `, ${stale} for findings that are gone: --prune drops them` : ''})\n`;
  const parts = [
    `${update.added.length} added`,
    `${kept} kept`,
    ...(update.moved.length ? [`${update.moved.length} moved with their findings`] : []),
    ...(update.backfilled ? [`${update.backfilled} given their content (renames keep them)`] : []),
    ...(pruned ? [`${pruned} pruned`] : []),
    ...(stale ? [`${stale} for findings that are gone (--prune drops them)`] : []),
  ];
  return `plangate baseline: ${dryRun ? 'would write' : 'wrote'} ${path}: ${parts.join(', ')}\n`;
}

/** The entries as written, so reasons and any extra fields survive an update; a broken file is never overwritten. */
export function readBaselineFile(file: string, path: string): BaselineRecord[] {
  if (!existsSync(file)) return [];
  const baseline = parseBaseline(readFileSync(file, 'utf8'), path);
  const broken = baseline.problems.find((p) => p.code === 'invalid');
  if (broken) {
    const where = broken.line ? `${path}:${broken.line}${broken.column ? `:${broken.column}` : ''}` : path;
    throw new UsageError(
      `${where}: ${broken.message.replace(/ Nothing is suppressed by it\.$|; this entry suppresses nothing\.$/, '')}; fix or delete it first`,
    );
  }
  return baseline.records;
}

export function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}
