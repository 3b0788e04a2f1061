import { parseArgs } from 'node:util';
import { evaluate } from '../../core/evaluate.js';
import { applyKeywordGate } from '../../core/plans/keyword-gate.js';
import { renderGateOverlay } from '../../core/plans/gate-overlay.js';
import { UsageError, type CliIO } from '../cli-io.js';
import { loadLocalEvaluation } from '../load-local-evaluation.js';
import { parseList } from '../parse-list.js';

export const GATE_HELP = `Usage: plangate gate --labels <list> [--text "<request>"] [dir] [options]

Runs the keyword gate the App applies to execution labels and commands: execution keywords
(ralph, autopilot, team, ultrawork) on an incomplete plan are swapped for ralplan.
  --labels <list>     keywords/labels, e.g. ralph,team
  --text <text>       the request text (issue body or command)
  --approved          the plan has a fresh recorded approval
  --may-bypass        the actor has the approvers permission (force: / ! prefixes count)
  --json              print the result as JSON
Exit codes: 0 not gated, 1 gated (execution keywords removed), 2 usage/config error.
`;

export async function runGateCommand(args: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      labels: { type: 'string', multiple: true },
      text: { type: 'string' },
      config: { type: 'string' },
      approved: { type: 'boolean' },
      'may-bypass': { type: 'boolean' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(GATE_HELP);
    return 0;
  }
  const labels = parseList(values.labels);
  if (!labels.length && values.text === undefined) throw new UsageError('gate needs --labels and/or --text');
  const local = await loadLocalEvaluation({ dir: positionals[0] ?? '.', config: values.config }, io.cwd);
  try {
    const result = await evaluate({ snapshot: local.snapshot, configText: local.configText, configFile: local.configFile, checks: ['plans'], context: local.context });
    if (!result.ok) throw new UsageError(`config rejected: ${result.problems.map((p) => p.message).join('; ')}`);
    const { config, report } = result;
    const ralph = config.ralph;
    const gate = applyKeywordGate(labels, values.text ?? '', { complete: report.gate !== 'blocked', approved: Boolean(values.approved) }, {
      executionKeywords: [...ralph.labels.run, ...ralph.labels.team],
      planKeyword: ralph.labels.plan,
      cancelKeyword: ralph.labels.cancel,
      requireApproval: config.plans.requireApproval,
      allowWellSpecified: ralph.allowWellSpecified,
      actorMayBypass: Boolean(values['may-bypass']),
    });
    if (values.json) io.stdout(`${JSON.stringify(gate, null, 2)}\n`);
    else {
      io.stdout(`keywords: ${gate.keywords.join(', ') || '(none)'}\n`);
      io.stdout(gate.gateApplied ? `gated: ${gate.gatedKeywords.join(', ')} → ${ralph.labels.plan} (${gate.reason})\n` : `not gated (${gate.reason})\n`);
      if (report.details.plans) io.stdout(`\n${renderGateOverlay(report.details.plans)}\n`);
    }
    return gate.gateApplied ? 1 : 0;
  } finally {
    local.dispose();
  }
}
