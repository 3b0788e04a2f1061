import { loadConfig } from '../../core/config/resolve-config.js';
import { failOnSchema } from '../../core/config/schema.js';
import { evaluate } from '../../core/evaluate.js';
import { exitCodeFor } from '../../core/report.js';
import { showControlCharacters } from '../../core/terminal-safe.js';
import { changeSinceDefaultBranch } from '../change-since-default-branch.js';
import type { CliIO } from '../cli-io.js';
import { FORMATS, formatReport } from '../format-report.js';
import { loadLocalEvaluation, type LocalEvaluation } from '../load-local-evaluation.js';
import { OUTPUT_FLAGS, parseFlags, type CommandSpec, type ParsedFlags } from '../parse-flags.js';
import { parseCheckNames, parseChoice, parseList } from '../parse-list.js';
import { reportConfigProblems } from '../report-config-problems.js';
import { PLANGATE_VERSION } from '../version.js';

export const CHECK_SPEC: CommandSpec = {
  usage: 'plangate check [dir] [--format text|json|sarif|markdown] [--checks <list>] [--base <rev>] [--changed <file>...]',
  maxPositionals: 1,
  flags: {
    ...OUTPUT_FLAGS,
    config: { type: 'string' },
    checks: { type: 'list' },
    'fail-on': { type: 'string' },
    base: { type: 'string' },
    rev: { type: 'string' },
    changed: { type: 'list' },
    'pr-body': { type: 'string' },
    notices: { type: 'boolean' },
  },
};

export const CHECK_HELP = `Usage: plangate check [dir] [options]

Runs the checks over a repository directory (default: .) and prints the report. The first
line is the result (PASS or FAIL, the same as the exit code); then the planning gate, the
layout that was detected and why, and where the config came from; a failing report ends with
the command to run next.

Options:
  --config <file>         config file (default: <dir>/.github/plangate.yml; none → the layout is detected)
  --checks <list>         only these checks: plans, tasks, catalog, scan
  --format <fmt>          text (default) | json | sarif | markdown
  --json                  the same as --format json
  --fail-on <level>       high | medium | low | never (overrides scan.failOn)
  --base <git-rev>        behave like the PR gate: config and suppressions from that commit,
                          changed files = the diff against it
  --rev <git-rev>         check the tree of this commit instead of the working tree
  --changed <file>...     files the change touches (for plans.require: when-changed, mustChangeInPr)
  --pr-body <text>        PR body text (for a "Plan: <path>" line)
  --notices               list every notice (text: by default they are counted by rule in one line)
  -h, --help              this help

Lists take repeated flags, commas or spaces: --checks plans,scan | --changed a.ts b.ts.
Exit codes: 0 pass, 1 a check failed, 2 usage or config error.
`;

export async function runCheckCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(args, CHECK_SPEC);
  if (values.help) {
    io.stdout(CHECK_HELP);
    return 0;
  }
  const format = parseChoice('format', values.format as string | undefined, FORMATS) ?? 'text';
  const failOn = parseChoice('fail-on', values['fail-on'] as string | undefined, failOnSchema.options);
  const checks = parseCheckNames(values.checks as string[] | undefined);
  const local = await loadLocalEvaluation(
    {
      dir: positionals[0] ?? '.',
      config: values.config as string | undefined,
      base: values.base as string | undefined,
      rev: values.rev as string | undefined,
      changed: parseList(values.changed as string[] | undefined),
      prBody: values['pr-body'] as string | undefined,
    },
    io.cwd,
    io.env,
  );
  try {
    if (local.configProblems.length) return reportConfigProblems(local.configProblems, io);
    const changeNote = await findChangeWhenNeeded(local);
    if (io.stderrIsTTY && local.snapshot.entries().length > 5000)
      io.stderr(`plangate: checking ${local.snapshot.entries().length} files…\n`);
    const result = await evaluate({
      snapshot: local.snapshot,
      configText: local.configText,
      configFile: local.configFile,
      configOrigin: local.configText === undefined ? 'built-in defaults' : `${local.configFile} from ${local.configWhere}`,
      checks,
      failOn,
      context: local.context,
    });
    if (!result.ok) return reportConfigProblems(result.problems, io);
    const { report } = result;
    if (changeNote) report.details.notes = [...(report.details.notes ?? []), changeNote];
    if (!result.config.enabledChecks.length) io.stderr(nothingToCheck(report.setup?.discovered, local.configText, local.configFile));
    io.stdout(
      await formatReport(report, format, {
        color: io.stdoutIsTTY && !io.env.NO_COLOR,
        version: PLANGATE_VERSION,
        notices: Boolean(values.notices),
        rerun: rerunCommand(positionals[0], values),
        changedLines: local.context.changedLines,
      }),
    );
    return exitCodeFor(report);
  } finally {
    local.dispose();
  }
}

/**
 * Why nothing was checked, and the way out: a config that pins `checks: []` turned detection off
 * (removing the key turns it back on); otherwise nothing was detected.
 */
function nothingToCheck(discovered: string | undefined, configText: string | undefined, configFile: string): string {
  if (configText !== undefined && /^checks:\s*\[\s*\]\s*(#.*)?$/m.test(configText))
    return (
      `plangate: nothing to check — ${configFile} pins \`checks: []\`, which turns layout detection off.\n` +
      '          Remove the `checks:` line (plans, skills and task graphs are then detected on every run), or list the checks to run.\n'
    );
  return (
    `plangate: nothing to check — ${showControlCharacters(discovered ?? 'no skills')}, and no planning tool's plans (.omx/plans, .omc/plans, .spiral/plans, .ralph).\n` +
    '          Pass --checks, or add skills or plans: every run detects them (`plangate init` shows what it finds).\n'
  );
}

/** `plangate check <dir> --base <rev>`: how this run is repeated after a fix. */
function rerunCommand(dir: string | undefined, values: ParsedFlags['values']): string {
  const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const parts = ['plangate', 'check'];
  if (dir !== undefined) parts.push(quote(dir));
  for (const flag of ['config', 'base', 'rev'] as const) if (typeof values[flag] === 'string') parts.push(`--${flag}`, quote(values[flag]));
  return parts.join(' ');
}

/**
 * `plans.mustChangeInPr` needs the change. Without --base or --changed, the change is what this
 * branch would put in its pull request: the diff against the merge-base with the default branch;
 * when there is none, the plans check says the rule could not be evaluated (never a silent pass).
 */
async function findChangeWhenNeeded(local: LocalEvaluation): Promise<string | undefined> {
  if (local.context.changedFiles) return undefined;
  const peek = loadConfig(local.configText, local.configFile, { presets: [], skillRoots: [] });
  if (!peek.ok || !peek.config.plans.mustChangeInPr) return undefined;
  const change = await changeSinceDefaultBranch(local.dir);
  if ('unknown' in change) {
    local.context.changeUnknown = change.unknown;
    return undefined;
  }
  local.context.changedFiles = change.files;
  return `change: ${change.files.length} file(s) changed since ${change.against} (no --base given)`;
}
