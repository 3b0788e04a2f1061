import { parseArgs } from 'node:util';
import { formatConfigProblem } from '../../core/config/problems.js';
import { failOnSchema } from '../../core/config/schema.js';
import { evaluate } from '../../core/evaluate.js';
import { exitCodeFor } from '../../core/report.js';
import { UsageError, type CliIO } from '../cli-io.js';
import { FORMATS, formatReport } from '../format-report.js';
import { loadLocalEvaluation } from '../load-local-evaluation.js';
import { parseCheckNames, parseChoice, parseList } from '../parse-list.js';
import { PLANGATE_VERSION } from '../version.js';

export const CHECK_HELP = `Usage: plangate check [dir] [options]

Runs the checks over a repository directory (default: .) and prints the report.

Options:
  --config <file>         config file (default: <dir>/.github/plangate.yml; none → presets are detected)
  --checks <list>         only these checks: plans,tasks,catalog,scan
  --format <fmt>          text (default) | json | sarif | markdown
  --fail-on <level>       high | medium | low | never (overrides scan.failOn)
  --base <git-rev>        behave like the PR gate: config and suppressions from that commit,
                          changed files = the diff against it
  --rev <git-rev>         check the tree of this commit instead of the working tree
  --changed <file>...     files the change touches (for plans.require: when-changed, mustChangeInPr)
  --pr-body <text>        PR body text (for a "Plan: <path>" line)
  -h, --help              this help

Exit codes: 0 pass, 1 a check failed, 2 usage or config error.
`;

export async function runCheckCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      checks: { type: 'string', multiple: true },
      format: { type: 'string' },
      'fail-on': { type: 'string' },
      base: { type: 'string' },
      rev: { type: 'string' },
      changed: { type: 'string', multiple: true },
      'pr-body': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(CHECK_HELP);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`check takes one directory, got ${positionals.length}: ${positionals.join(' ')}`);
  const format = parseChoice('format', values.format, FORMATS) ?? 'text';
  const failOn = parseChoice('fail-on', values['fail-on'], failOnSchema.options);
  const checks = parseCheckNames(values.checks);
  const local = await loadLocalEvaluation(
    { dir: positionals[0] ?? '.', config: values.config, base: values.base, rev: values.rev, changed: parseList(values.changed), prBody: values['pr-body'] },
    io.cwd,
  );
  try {
    if (io.stderrIsTTY && local.snapshot.entries().length > 5000) io.stderr(`plangate: checking ${local.snapshot.entries().length} files…\n`);
    const result = await evaluate({ snapshot: local.snapshot, configText: local.configText, configFile: local.configFile, checks, failOn, context: local.context });
    if (!result.ok) {
      io.stderr(`plangate: the config was rejected (${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}):\n`);
      for (const p of result.problems) io.stderr(`  ${formatConfigProblem(p)}\n`);
      return 2;
    }
    if (!result.config.enabledChecks.length) {
      io.stderr('plangate: nothing to check — no config file and no known layout (.omx/plans, .omc, .spiral/plans, .ralph/tasks.json, catalog/, skill roots).\n');
      io.stderr('          Run `plangate init` to write a config, or pass --checks.\n');
    }
    io.stdout(await formatReport(result.report, format, { color: io.stdoutIsTTY && !io.env.NO_COLOR, version: PLANGATE_VERSION }));
    return exitCodeFor(result.report);
  } finally {
    local.dispose();
  }
}
