import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatProgressLine, formatResultText } from '../../ralph/format-progress.js';
import { loadRalphConfig } from '../../ralph/load-ralph-config.js';
import { loadRalphPlan, type LoadedRalphPlan } from '../../ralph/load-ralph-plan.js';
import { RalphStartError, runRalphLoop } from '../../ralph/run-ralph-loop.js';
import { withTerminationSignal } from '../../ralph/termination-signal.js';
import { UsageError, type CliIO } from '../cli-io.js';

export const RALPH_HELP = `Usage: plangate ralph --plan <prd.md> --agent "<command with {prompt_file}>" [options]

Runs the bounded ralph loop: for the next open story, write a prompt file, run the agent,
run the verify commands; a story passes when the agent exits 0, every verify command that
passed before the run still passes and the story's own verify[] commands pass.

Options:
  --plan <prd.md>            the PRD (default: the latest PRD with a matching test spec)
  --agent <template>         agent command, run with sh -c; placeholders {prompt_file},
                             {story_id}, {workdir} (default: config ralph.agent)
  --verify <cmd>             a verify command (repeatable; default: config ralph.verify,
                             else the matching test spec's shell code blocks)
  --max-iterations <N>       at most N agent invocations (default: ralph.maxIterations, 10)
  --max-story-attempts <K>   K misses of one story in a row → blocked (default: 3)
  --timeout-minutes <M>      per-command timeout (default: ralph.commandTimeoutMinutes, 30)
  --pass-env <NAME>          pass this token-like env variable to the agent (repeatable)
  --workdir <dir>            the repository to work in (default: .)
  --config <file>            config file (default: <workdir>/.github/plangate.yml)
  --resume <runId>           continue the run in .plangate/ralph/<runId>/
  --json                     print the result object as JSON
  -h, --help                 this help

State: <workdir>/.plangate/ralph/<runId>/ (state.json, events.jsonl, prompts, logs).
SIGTERM or Ctrl-C: the agent is stopped, the state saved, the run ends "cancelled".
Exit codes: 0 completed, 1 exhausted/blocked/failed/cancelled/integrity_violation, 2 usage.
`;

export async function runRalphCommand(args: string[], io: CliIO): Promise<number> {
  const { values } = parseArgs({
    args,
    allowPositionals: false,
    options: {
      plan: { type: 'string' },
      agent: { type: 'string' },
      verify: { type: 'string', multiple: true },
      'max-iterations': { type: 'string' },
      'max-story-attempts': { type: 'string' },
      'timeout-minutes': { type: 'string' },
      'pass-env': { type: 'string', multiple: true },
      workdir: { type: 'string' },
      config: { type: 'string' },
      resume: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(RALPH_HELP);
    return 0;
  }
  const maxIterations = positiveInteger('max-iterations', values['max-iterations']);
  const maxStoryAttempts = positiveInteger('max-story-attempts', values['max-story-attempts']);
  const timeoutMinutes = positiveNumber('timeout-minutes', values['timeout-minutes']);
  const workdir = resolve(io.cwd, values.workdir ?? '.');
  if (!existsSync(workdir) || !statSync(workdir).isDirectory()) throw new UsageError(`--workdir ${values.workdir}: not a directory`);
  if (values.resume && values.plan) throw new UsageError('--resume continues a run with its own plan; drop --plan');

  const loaded = await loadRalphConfig(workdir, values.config ? resolve(io.cwd, values.config) : undefined);
  if (!loaded.ok) {
    io.stderr(`plangate ralph: the config was rejected:\n${loaded.problems.map((p) => `  ${p}\n`).join('')}`);
    return 2;
  }
  const ralph = loaded.config.ralph;
  const agent = values.agent ?? ralph.agent;
  if (!agent.includes('{prompt_file}')) io.stderr('plangate ralph: warning: the agent template has no {prompt_file}; it gets the prompt path only as $PLANGATE_RALPH_PROMPT_FILE\n');

  let plan: LoadedRalphPlan | undefined;
  if (!values.resume) {
    const result = await loadRalphPlan({ snapshot: loaded.snapshot, config: loaded.config, plan: values.plan, verify: values.verify });
    if (!result.ok) {
      io.stderr(`plangate ralph: cannot start:\n${result.problems.map((p) => `  ${p}\n`).join('')}`);
      return 2;
    }
    plan = result.plan;
    for (const w of plan.warnings) io.stderr(`plangate ralph: warning: ${w}\n`);
  } else if (values.verify?.length) {
    throw new UsageError('--verify cannot change a resumed run (its verify commands and baseline are part of its state)');
  }

  try {
    const outcome = await withTerminationSignal((signal) =>
      runRalphLoop({
        workdir,
        agent,
        plan,
        resume: values.resume,
        maxIterations: maxIterations ?? (values.resume ? undefined : ralph.maxIterations),
        maxStoryAttempts: maxStoryAttempts ?? (values.resume ? undefined : ralph.maxStoryAttempts),
        commandTimeoutMs: (timeoutMinutes ?? ralph.commandTimeoutMinutes) * 60_000,
        passEnv: [...ralph.passEnv, ...(values['pass-env'] ?? [])],
        env: io.env,
        signal,
        onProgress: (p) => {
          const line = formatProgressLine(p);
          if (line) io.stderr(`${line}\n`);
        },
        onWarning: (m) => io.stderr(`plangate ralph: warning: ${m}\n`),
      }),
    );
    io.stdout(values.json ? `${JSON.stringify(outcome.result, null, 2)}\n` : formatResultText(outcome.result, outcome.stateDir));
    return outcome.result.outcome === 'completed' ? 0 : 1;
  } catch (error) {
    if (error instanceof RalphStartError) throw new UsageError(error.message);
    throw error;
  }
}

function positiveInteger(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text.trim()) || Number(text) < 1 || Number(text) > 1000) throw new UsageError(`--${name} must be a whole number from 1 to 1000 (got "${text}")`);
  return Number(text);
}

function positiveNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${name} must be a positive number (got "${text}")`);
  return n;
}
