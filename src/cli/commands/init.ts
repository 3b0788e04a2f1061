import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { formatBaselineFile } from '../../core/baseline/baseline-file.js';
import { canBaseline } from '../../core/baseline/can-baseline.js';
import type { BaselineUpdate } from '../../core/baseline/plan-baseline-update.js';
import { detectLayout } from '../../core/config/detect.js';
import { SCHEMA_ID } from '../../core/config/json-schema.js';
import { loadConfig } from '../../core/config/resolve-config.js';
import { evaluate, type EvaluateResult } from '../../core/evaluate.js';
import { exitCodeFor, type Report } from '../../core/report.js';
import { renderText } from '../../render/text.js';
import { LocalDirSnapshot } from '../../sources/local-dir-snapshot.js';
import { UsageError, type CliIO } from '../cli-io.js';
import { DEFAULT_CONFIG_PATH } from '../load-local-evaluation.js';
import { parseFlags, type CommandSpec } from '../parse-flags.js';
import { renderInitialConfig } from '../render-initial-config.js';
import { reportConfigProblems } from '../report-config-problems.js';
import { planLocalBaseline, readBaselineFile, writeAtomically } from './baseline.js';

export const INIT_SPEC: CommandSpec = {
  usage: 'plangate init [dir] [--stdout] [--force] [--reason "<why>"]',
  maxPositionals: 1,
  flags: {
    force: { type: 'boolean' },
    stdout: { type: 'boolean' },
    reason: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
};

const DEFAULT_REASON = 'there before plangate was adopted (plangate init); fix and `plangate baseline --prune`';

export const INIT_HELP = `Usage: plangate init [dir] [--stdout] [--force] [--reason "<why>"]

Detects the layout of dir (default: .), writes ${DEFAULT_CONFIG_PATH} saying what it found and why,
runs the checks with it and shows the result. It never writes a config the checks fail on today:
when the repository already has findings a baseline can accept (catalog, tasks, scan), it also
writes the baseline (scan.baseline, default .plangate/scan-baseline.json) accepting them, so
\`plangate check\` passes now and a pull request fails only on what it adds. Findings no baseline
accepts (the plans gate, a config problem) are shown and nothing is written.
  --reason <text>  the reason each accepted finding records (default: "${DEFAULT_REASON}")
  --stdout         print the config instead of writing anything (the result goes to stderr)
  --force          overwrite an existing config, and write even when the checks fail
  -h, --help       this help
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
  const reason = typeof values.reason === 'string' && values.reason.trim() ? values.reason.trim() : DEFAULT_REASON;

  const snapshot = await LocalDirSnapshot.open(dir);
  const detected = detectLayout(snapshot);
  const auto = loadConfig(undefined, DEFAULT_CONFIG_PATH, detected);
  if (!auto.ok) return reportConfigProblems(auto.problems, io);
  const text = renderInitialConfig(detected, auto.config.enabledChecks, SCHEMA_ID);
  const first = await evaluateWith(snapshot, text);
  if (!first.ok) return reportConfigProblems(first.problems, io);
  const show = (report: Report) => renderText(report, { color: io.stdoutIsTTY && !io.env.NO_COLOR });

  // Findings already here: accept what a baseline can, so the gate starts green and guards what changes.
  const existing = exitCodeFor(first.report) === 0 ? undefined : await adoption(snapshot, first, dir, reason);
  const blocking = existing?.blocking ?? [];

  if (values.stdout) {
    io.stdout(text);
    io.stderr(show(first.report));
    if (existing?.update.added.length)
      io.stderr(
        `plangate: without --stdout, init would also write ${existing.path} accepting the ${existing.update.added.length} finding(s) above that are already here.\n`,
      );
    return exitCodeFor(first.report);
  }
  if (blocking.length && !values.force) {
    io.stdout(show(first.report));
    io.stderr(
      `plangate: did not write ${DEFAULT_CONFIG_PATH}: ${blocking.length} error(s) above are not findings a baseline accepts (${[...new Set(blocking.map((f) => f.ruleId))].join(', ')}).\n` +
        '          Fix them and run `plangate init` again, or write the config anyway with --force.\n',
    );
    return 1;
  }
  writeAtomically(target, text);
  if (existing?.update.added.length) writeAtomically(join(dir, existing.path), formatBaselineFile(existing.update.records));
  // Shown as `plangate check` will see it: read again, with the files just written.
  const written = existing ? await evaluateWith(await LocalDirSnapshot.open(dir), text) : first;
  if (!written.ok) return reportConfigProblems(written.problems, io);
  io.stderr(
    `plangate: wrote ${DEFAULT_CONFIG_PATH} (checks: ${written.config.enabledChecks.join(', ') || 'none pinned: detected on every run'})` +
      (existing?.update.added.length ? adoptionNote(existing.path, existing.update, reason) : '') +
      '; the checks with it:\n',
  );
  io.stdout(show(written.report));
  return exitCodeFor(written.report);
}

async function evaluateWith(snapshot: LocalDirSnapshot, text: string): Promise<EvaluateResult> {
  return evaluate({
    snapshot,
    configText: text,
    configFile: DEFAULT_CONFIG_PATH,
    configOrigin: `${DEFAULT_CONFIG_PATH} as plangate init writes it`,
  });
}

/** The baseline that accepts what is already here, and the errors no baseline can accept. */
async function adoption(
  snapshot: LocalDirSnapshot,
  result: Extract<EvaluateResult, { ok: true }>,
  dir: string,
  reason: string,
): Promise<{ path: string; update: BaselineUpdate; blocking: Report['findings'] }> {
  const path = result.config.scan.baseline;
  const update = await planLocalBaseline(snapshot, result.config, {}, readBaselineFile(join(dir, path), path), { reason, prune: false });
  const blocking = result.report.findings.filter((f) => f.severity === 'error' && !canBaseline(f));
  return { path, update, blocking };
}

/** Which adoption path was taken, and why this one. */
function adoptionNote(path: string, update: BaselineUpdate, reason: string): string {
  return (
    ` and ${path}, accepting the ${update.added.length} finding(s) already here ("${reason}").\n` +
    '          Why a baseline rather than `failScope: changed`: it holds on every run, so `plangate check` here passes today, and it covers\n' +
    '          findings that have no line (a skill missing from the catalog); a pull request fails only on findings it adds.\n' +
    '          Commit both files; as you fix the findings, `plangate baseline --prune` drops their entries'
  );
}
