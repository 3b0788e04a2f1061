import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatResultText } from '../../core/ralph/format-progress.js';
import { MAX_STORY_ATTEMPTS_LIMIT, parseWholeLimit } from '../../core/ralph/ralph-limits.js';
import { safeLogLine } from '../../core/terminal-safe.js';
import { runRalph } from '../../ralph/run-ralph.js';
import { UsageError, type CliIO } from '../cli-io.js';

export const RALPH_HELP = `Usage: plangate ralph --plan <prd.md> --agent "<command with {prompt_file}>" [options]

Runs the bounded ralph loop: for the next open story, write a prompt file, run the agent,
run the verify commands; a story passes when the agent exits 0, every verify command that
passed before the run still passes and the story's own verify[] commands pass.

Options:
  --plan <prd.md>            the PRD (default: the latest PRD with a matching test spec)
  --agent <template>         agent command, run with sh -c; placeholders {prompt_file},
                             {story_id}, {workdir} stand for their values in any quoting
                             (passed as environment variables; default: config ralph.agent)
  --verify <cmd>             a verify command (repeatable; default: config ralph.verify,
                             else the matching test spec's shell code blocks)
  --max-iterations <N>       at most N agent invocations (default: ralph.maxIterations, 10)
  --max-story-attempts <K>   K misses of one story in a row → blocked (default: 3)
  --timeout-minutes <M>      per-command timeout (default: ralph.commandTimeoutMinutes, 30)
  --pass-env <NAME>          also give the agent this environment variable (repeatable;
                             it otherwise sees only PATH, HOME, locale and CI context)
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
  const maxIterations = limit('max-iterations', values['max-iterations']);
  const maxStoryAttempts = limit('max-story-attempts', values['max-story-attempts']);
  const timeoutMinutes = positiveNumber('timeout-minutes', values['timeout-minutes']);
  const workdir = resolve(io.cwd, values.workdir ?? '.');
  if (!existsSync(workdir) || !statSync(workdir).isDirectory()) throw new UsageError(`--workdir ${values.workdir}: not a directory`);
  if (values.resume && values.plan) throw new UsageError('--resume continues a run with its own plan; drop --plan');

  const outcome = await runRalph({
    workdir,
    configPath: values.config ? resolve(io.cwd, values.config) : undefined,
    plan: values.plan,
    resume: values.resume,
    agent: values.agent,
    verify: values.verify,
    maxIterations,
    maxStoryAttempts,
    timeoutMinutes,
    passEnv: values['pass-env'],
    env: io.env,
    reporter: {
      info: (line) => io.stderr(`${safeLogLine(line)}\n`),
      warn: (line) => io.stderr(`${safeLogLine(`plangate ralph: warning: ${line.replace(/^plangate ralph: /, '')}`)}\n`),
    },
  });
  if (outcome.kind === 'not-started') {
    io.stderr(`plangate ralph: ${outcome.headline}:\n${outcome.problems.map((p) => `  ${safeLogLine(p)}\n`).join('')}`);
    return 2;
  }
  io.stdout(values.json ? `${JSON.stringify(outcome.result, null, 2)}\n` : formatResultText(outcome.result, outcome.stateDir));
  return outcome.result.outcome === 'completed' ? 0 : 1;
}

function limit(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const parsed = parseWholeLimit(`--${name}`, text, name === 'max-iterations' ? undefined : MAX_STORY_ATTEMPTS_LIMIT);
  if (!parsed.ok) throw new UsageError(parsed.message);
  return parsed.value;
}

function positiveNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${name} must be a positive number (got "${text}")`);
  return n;
}
