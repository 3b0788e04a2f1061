import { evaluate } from '../../core/evaluate.js';
import { applyKeywordGate, type KeywordGateReason, type KeywordGateResult } from '../../core/plans/keyword-gate.js';
import { showControlCharacters } from '../../core/terminal-safe.js';
import { verdictOf } from '../../render/verdict.js';
import { UsageError, type CliIO } from '../cli-io.js';
import { loadLocalEvaluation } from '../load-local-evaluation.js';
import { OUTPUT_FLAGS, parseFlags, type CommandSpec } from '../parse-flags.js';
import { parseChoice, parseList } from '../parse-list.js';
import { reportConfigProblems } from '../report-config-problems.js';

export const GATE_SPEC: CommandSpec = {
  usage: 'plangate gate [dir] --labels <list> [--text "<request>"] [--format text|json]',
  maxPositionals: 1,
  flags: {
    ...OUTPUT_FLAGS,
    labels: { type: 'list' },
    text: { type: 'string' },
    config: { type: 'string' },
    approved: { type: 'boolean' },
    'may-bypass': { type: 'boolean' },
  },
};

export const GATE_HELP = `Usage: plangate gate [dir] --labels <list> [--text "<request>"] [options]

Runs the keyword gate the App applies to execution labels and commands: execution keywords
(ralph, autopilot, team, ultrawork) on an incomplete plan are swapped for ralplan. The first
line is the result (PASS: the keywords may run; FAIL: they were swapped), then the planning
gate's own state.
  --labels <list>     keywords/labels, e.g. ralph,team (commas, spaces or repeated flags)
  --text <text>       the request text (issue body or command)
  --approved          the plan has a fresh recorded approval
  --may-bypass        the actor has the approvers permission (force: / ! prefixes count)
  --config <file>     config file (default: <dir>/.github/plangate.yml)
  --format <fmt>      text (default) | json
  --json              the same as --format json
Exit codes: 0 not gated, 1 gated (execution keywords removed), 2 usage/config error.
`;

const REASONS: Record<KeywordGateReason, string> = {
  no_keywords: 'no keywords were given',
  cancel: 'cancel wins over every other keyword',
  ralplan_present: 'ralplan is already there',
  no_execution_keyword: 'no execution keyword among them',
  bypass: 'an approver used the force: / ! prefix, so the planning gate was bypassed',
  planning_complete: 'the plan is complete',
  well_specified: 'the request is specific enough to run without a plan',
  planning_incomplete: 'the plan is incomplete',
  approval_required: 'the plan has no fresh recorded approval',
};

export async function runGateCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(args, GATE_SPEC);
  if (values.help) {
    io.stdout(GATE_HELP);
    return 0;
  }
  const format = parseChoice('format', values.format as string | undefined, ['text', 'json'] as const) ?? 'text';
  const labels = parseList(values.labels as string[] | undefined);
  if (!labels.length && values.text === undefined) throw new UsageError(`gate needs --labels and/or --text\nUsage: ${GATE_SPEC.usage}`);
  const local = await loadLocalEvaluation({ dir: positionals[0] ?? '.', config: values.config as string | undefined }, io.cwd, io.env);
  try {
    if (local.configProblems.length) return reportConfigProblems(local.configProblems, io);
    const result = await evaluate({
      snapshot: local.snapshot,
      configText: local.configText,
      configFile: local.configFile,
      checks: ['plans'],
      context: local.context,
    });
    if (!result.ok) return reportConfigProblems(result.problems, io);
    const { config, report } = result;
    const ralph = config.ralph;
    const gate = applyKeywordGate(
      labels,
      (values.text as string | undefined) ?? '',
      { complete: report.gate !== 'blocked', approved: Boolean(values.approved) },
      {
        executionKeywords: [...ralph.labels.run, ...ralph.labels.team],
        planKeyword: ralph.labels.plan,
        cancelKeyword: ralph.labels.cancel,
        requireApproval: config.plans.requireApproval,
        allowWellSpecified: ralph.allowWellSpecified,
        actorMayBypass: Boolean(values['may-bypass']),
      },
    );
    const planning = verdictOf(report).gate;
    if (format === 'json')
      io.stdout(
        `${JSON.stringify({ result: gate.gateApplied ? 'fail' : 'pass', ...gate, planningGate: report.gate, layout: config.plans.layout }, null, 2)}\n`,
      );
    else io.stdout(renderGateText(gate, planning, ralph.labels.plan, config.plans.layout, report.details.plans?.missing ?? []));
    return gate.gateApplied ? 1 : 0;
  } finally {
    local.dispose();
  }
}

function renderGateText(gate: KeywordGateResult, planning: string, planKeyword: string, layout: string, missing: string[]): string {
  const safe = showControlCharacters;
  const head = gate.gateApplied
    ? `plangate gate: FAIL — ${gate.gatedKeywords.map(safe).join(', ')} swapped for ${safe(planKeyword)}: ${REASONS[gate.reason]}`
    : `plangate gate: PASS — ${REASONS[gate.reason]}`;
  const bypassed = gate.reason === 'bypass' && planning === 'BLOCKED' ? ' (bypassed)' : '';
  const lines = [head, `planning gate: ${planning}${bypassed} (${layout} layout)`];
  if (planning === 'BLOCKED' && missing.length) lines.push(`  missing: ${missing.map(safe).join(', ')}`);
  lines.push(`keywords: ${gate.keywords.map(safe).join(', ') || '(none)'}`);
  return `${lines.join('\n')}\n`;
}
