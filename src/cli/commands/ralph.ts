import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { formatResultText } from '../../core/ralph/format-progress.js';
import { parsePlanPins } from '../../core/ralph/plan-pins.js';
import { MAX_STORY_ATTEMPTS_LIMIT, parseWholeLimit } from '../../core/ralph/ralph-limits.js';
import { safeLogLine } from '../../core/terminal-safe.js';
import { runRalph } from '../../ralph/run-ralph.js';
import { UsageError, type CliIO } from '../cli-io.js';
import { OUTPUT_FLAGS, parseFlags, type CommandSpec } from '../parse-flags.js';
import { parseChoice, parseList } from '../parse-list.js';

const RALPH_FORMATS = ['text', 'json'] as const;

export const RALPH_HELP = `Usage: plangate ralph --plan <prd.md> --agent "<command with {prompt_file}>" [options]

Runs the bounded ralph loop: for the next open story, write a prompt file, run the agent,
run the verify commands; a story passes when the agent exits 0, every verify command that
passed before the run still passes and the story's own verify[] commands pass.

Options:
  --plan <prd.md>            the PRD (default: the latest PRD with a matching test spec)
  --commit <sha>             run only if the checkout is at this commit and the plan files
                             read are as this commit has them (the commit a plan was approved at)
  --prd-sha <blob sha>       run only if the PRD is this blob (the approved one)
  --test-spec <path>         the test spec to read (default: the one matching the PRD)
  --test-spec-sha <blob sha> run only if the test spec is this blob (the approved one)
  --agent <template>         agent command, run with sh -c; placeholders {prompt_file},
                             {story_id}, {workdir} stand for their values in any quoting
                             (passed as environment variables; default: config ralph.agent)
  --verify <cmd>             a verify command, quoted as one argument (repeat the flag for
                             more; default: config ralph.verify, else the matching test
                             spec's shell code blocks)
  --max-iterations <N>       at most N agent invocations (default: ralph.maxIterations, 10)
  --max-story-attempts <K>   K misses of one story in a row → blocked (default: 3)
  --timeout-minutes <M>      per-command timeout (default: ralph.commandTimeoutMinutes, 30)
  --pass-env <NAME>...       also give the agent these environment variables (repeat, commas
                             or spaces; it otherwise sees only PATH, HOME, locale and CI context)
  --workdir <dir>            the repository to work in (default: .)
  --config <file>            config file (default: <workdir>/.github/plangate.yml)
  --resume <runId>           continue the run in .plangate/ralph/<runId>/
  --format <fmt>             text (default) | json: the result object as JSON
  --json                     the same as --format json
  -h, --help                 this help

State: <workdir>/.plangate/ralph/<runId>/ (state.json, events.jsonl, prompts, logs).
SIGTERM or Ctrl-C: the agent is stopped, the state saved, the run ends "cancelled".
Exit codes: 0 completed, 1 exhausted/blocked/failed/cancelled/integrity_violation, 2 usage.
`;

export const RALPH_SPEC: CommandSpec = {
  usage:
    'plangate ralph --plan <prd.md> --agent "<command>" [--verify <cmd>]... [--max-iterations <N>] [--pass-env <NAME>...] [--format text|json]',
  maxPositionals: 0,
  flags: {
    ...OUTPUT_FLAGS,
    plan: { type: 'string' },
    commit: { type: 'string' },
    'prd-sha': { type: 'string' },
    'test-spec': { type: 'string' },
    'test-spec-sha': { type: 'string' },
    agent: { type: 'string' },
    verify: { type: 'repeatable' },
    'max-iterations': { type: 'string' },
    'max-story-attempts': { type: 'string' },
    'timeout-minutes': { type: 'string' },
    'pass-env': { type: 'list' },
    workdir: { type: 'string' },
    config: { type: 'string' },
    resume: { type: 'string' },
  },
};

export async function runRalphCommand(args: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(args, RALPH_SPEC);
  if (values.help) {
    io.stdout(RALPH_HELP);
    return 0;
  }
  const text = (name: string) => values[name] as string | undefined;
  const format = parseChoice('format', text('format'), RALPH_FORMATS) ?? 'text';
  const passEnv = parseList(values['pass-env'] as string[] | undefined);
  const maxIterations = limit('max-iterations', text('max-iterations'));
  const maxStoryAttempts = limit('max-story-attempts', text('max-story-attempts'));
  const timeoutMinutes = positiveNumber('timeout-minutes', text('timeout-minutes'));
  const workdir = resolve(io.cwd, text('workdir') ?? '.');
  if (!existsSync(workdir) || !statSync(workdir).isDirectory()) throw new UsageError(`--workdir ${text('workdir')}: not a directory`);
  if (text('resume') && text('plan')) throw new UsageError('--resume continues a run with its own plan; drop --plan');
  const pinned = parsePlanPins({
    commit: text('commit'),
    prdSha: text('prd-sha'),
    testSpec: text('test-spec'),
    testSpecSha: text('test-spec-sha'),
  });
  if (!pinned.ok) throw new UsageError(pinned.problems.join('; '));
  if (text('resume') && Object.keys(pinned.pins).length)
    throw new UsageError('--resume continues a run with its own plan; drop --commit, --prd-sha, --test-spec and --test-spec-sha');
  const config = text('config');

  const outcome = await runRalph({
    workdir,
    configPath: config ? resolve(io.cwd, config) : undefined,
    plan: text('plan'),
    pins: pinned.pins,
    resume: text('resume'),
    agent: text('agent'),
    verify: values.verify as string[] | undefined,
    maxIterations,
    maxStoryAttempts,
    timeoutMinutes,
    passEnv: passEnv.length ? passEnv : undefined,
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
  io.stdout(format === 'json' ? `${JSON.stringify(outcome.result, null, 2)}\n` : formatResultText(outcome.result, outcome.stateDir));
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
