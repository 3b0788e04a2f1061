import { formatProgressLine } from '../core/ralph/format-progress.js';
import { hasPlanPins, type PlanPins } from '../core/ralph/plan-pins.js';
import type { RalphProgress } from '../core/ralph/ralph-progress.js';
import type { RalphResult } from '../core/ralph/ralph-result.js';
import type { RalphState } from '../core/ralph/ralph-state.js';
import { showControlCharacters } from '../core/terminal-safe.js';
import { loadRalphConfig, type RalphConfigText } from './load-ralph-config.js';
import { loadRalphPlan, type LoadedRalphPlan } from './load-ralph-plan.js';
import { RalphStartError } from './open-ralph-run.js';
import { proposeRalphWork, type RalphPublishOptions } from './propose-ralph-work.js';
import { prepareRalphBranch, ralphBranchName, type PreparedBranch } from './ralph-branch.js';
import { runRalphLoop } from './run-ralph-loop.js';
import { withTerminationSignal } from './termination-signal.js';
import { resolveTrustedPrograms } from './trusted-programs.js';
import { verifyPinnedHead, verifyPlanPins } from './verify-plan-pins.js';
import { withdrawPersistedCredentials } from './withdraw-credentials.js';

export type { RalphPublishOptions } from './propose-ralph-work.js';

/** Where the runner's lines go; every line is already safe for a terminal and a workflow log. */
export interface RalphReporter {
  info(line: string): void;
  warn(line: string): void;
  /** After every loop step, with the state (the Action's run comment and job summary). */
  progress?(progress: RalphProgress): void | Promise<void>;
}

/** The one set of options the CLI (`plangate ralph`) and the Action (`mode: ralph`) run the runner with. */
export interface RalphRunOptions {
  workdir: string;
  /** A config file by path (`--config`); else `configFile` inside the workdir. */
  configPath?: string;
  configFile?: string;
  /** The config text, read elsewhere than the workdir (the Action on a run pinned to another branch's commit). */
  configText?: RalphConfigText;
  /** The PRD; default: the latest PRD with a matching test spec. */
  plan?: string;
  /** What was approved (commit, blob SHAs, test spec path): the run starts only on exactly that. */
  pins?: PlanPins;
  /** Continue `.plangate/ralph/<runId>/`. */
  resume?: string;
  /** Default: config `ralph.agent`. */
  agent?: string;
  /** Replaces config `ralph.verify` and the test spec's commands. */
  verify?: readonly string[];
  maxIterations?: number;
  maxStoryAttempts?: number;
  timeoutMinutes?: number;
  /** Names passed to the agent on top of config `ralph.passEnv`. */
  passEnv?: readonly string[];
  env: Record<string, string | undefined>;
  /** `open-pr`: the run's own branch before the loop, the verified work proposed after it. */
  publish?: RalphPublishOptions;
  reporter: RalphReporter;
  /** Default: SIGTERM and SIGINT of this process. */
  signal?: AbortSignal;
  now?: () => Date;
  runId?: string;
}

export type RalphRunOutcome =
  | { kind: 'not-started'; headline: string; problems: string[] }
  | { kind: 'finished'; state: RalphState; result: RalphResult; stateDir: string; prUrl?: string };

/**
 * The ralph runner: the programs it runs fixed by absolute path, config and plan (checked against
 * what was approved when pinned), the credential withdrawn from the checkout and its submodules,
 * the run's own branch (`open-pr`), the bounded loop, then the verified work proposed. The CLI and
 * the Action differ only in where lines go and how a pull request is opened.
 */
export async function runRalph(options: RalphRunOptions): Promise<RalphRunOutcome> {
  const { workdir, reporter } = options;
  const notStarted = (headline: string, problems: string[]): RalphRunOutcome => ({ kind: 'not-started', headline, problems });
  // Before anything else, and long before the agent's first turn: later nothing is looked up on PATH.
  const resolved = resolveTrustedPrograms(options.env);
  if (!resolved.ok) return notStarted('cannot start', [resolved.problem]);
  const { programs } = resolved;
  const pins = options.pins ?? {};
  const loaded = await loadRalphConfig(workdir, options.configPath, options.configFile, options.configText);
  if (!loaded.ok) return notStarted('the config was rejected', loaded.problems);
  const ralph = loaded.config.ralph;
  const agent = options.agent ?? ralph.agent;
  if (!agent.includes('{prompt_file}'))
    reporter.warn('the agent template has no {prompt_file}; it gets the prompt path only as $PLANGATE_RALPH_PROMPT_FILE');

  let plan: LoadedRalphPlan | undefined;
  if (options.resume) {
    if (options.verify?.length)
      return notStarted('cannot start', [
        'verify commands cannot change a resumed run (its verify commands and baseline are part of its state)',
      ]);
    if (hasPlanPins(pins))
      return notStarted('cannot start', ['a pinned commit or plan applies to a new run; a resumed run keeps the plan it started with']);
  } else {
    if (pins.commit) {
      const problem = await verifyPinnedHead(programs, workdir, pins.commit);
      if (problem) return notStarted('refusing to run a plan other than the approved one', [problem]);
    }
    const planned = await loadRalphPlan({
      snapshot: loaded.snapshot,
      config: loaded.config,
      plan: options.plan,
      ...(pins.testSpec ? { testSpec: pins.testSpec } : {}),
      verify: options.verify?.length ? options.verify : undefined,
    });
    if (!planned.ok) return notStarted('cannot start', planned.problems);
    plan = planned.plan;
    if (hasPlanPins(pins)) {
      const problems = await verifyPlanPins(programs, workdir, plan, pins).catch((error: unknown) => [
        `the approved plan could not be checked: ${error instanceof Error ? error.message : String(error)}`,
      ]);
      if (problems.length) return notStarted('refusing to run a plan other than the approved one', problems);
      reporter.info(showControlCharacters(describePins(plan, pins)));
    }
    for (const warning of plan.warnings) reporter.warn(showControlCharacters(warning));
  }

  let prepared: PreparedBranch | undefined;
  if (options.publish && plan) {
    try {
      const defaultBranch = await options.publish.defaultBranch();
      prepared = await prepareRalphBranch(programs, workdir, ralphBranchName(options.publish.issue, plan.slug), defaultBranch);
    } catch (error) {
      return notStarted('cannot start', [
        `open-pr: the run's branch could not be prepared: ${error instanceof Error ? error.message : String(error)}`,
      ]);
    }
    reporter.info(showControlCharacters(`plangate ralph: working on ${prepared.branch} (from ${prepared.defaultBranch})`));
  }
  const withdrawn = await withdrawPersistedCredentials(programs, workdir, options.env);
  if (!withdrawn.ok) return notStarted('cannot start', [withdrawn.problem]);
  for (const c of withdrawn.withdrawn) {
    reporter.info(
      showControlCharacters(
        `plangate ralph: withdrew the persisted credential ${c.key} (${c.action}, ${c.file}) so the agent cannot read it; plangate's own push uses it and nothing puts it back`,
      ),
    );
  }

  const run = (signal: AbortSignal) =>
    runRalphLoop({
      workdir,
      programs,
      agent,
      plan,
      resume: options.resume,
      maxIterations: options.maxIterations ?? (options.resume ? undefined : ralph.maxIterations),
      maxStoryAttempts: options.maxStoryAttempts ?? (options.resume ? undefined : ralph.maxStoryAttempts),
      commandTimeoutMs: (options.timeoutMinutes ?? ralph.commandTimeoutMinutes) * 60_000,
      passEnv: [...ralph.passEnv, ...(options.passEnv ?? [])],
      env: options.env,
      signal,
      now: options.now,
      runId: options.runId,
      onProgress: async (progress) => {
        const line = formatProgressLine(progress);
        if (line) reporter.info(line);
        await reporter.progress?.(progress);
      },
      onWarning: (m) => reporter.warn(showControlCharacters(m)),
    });
  let loop: Awaited<ReturnType<typeof runRalphLoop>>;
  try {
    loop = options.signal ? await run(options.signal) : await withTerminationSignal(run);
  } catch (error) {
    if (error instanceof RalphStartError) return notStarted('cannot start', [error.message]);
    throw error;
  }

  let prUrl: string | undefined;
  if (options.publish && prepared && plan) {
    prUrl = await proposeRalphWork({ ...options.publish, prepared, plan, loop, credentials: withdrawn.extraheaders, reporter });
  }
  return {
    kind: 'finished',
    state: loop.state,
    result: { ...loop.result, ...(prUrl ? { prUrl } : {}) },
    stateDir: loop.store.path,
    ...(prUrl ? { prUrl } : {}),
  };
}

/** `plangate ralph: running the approved plan: commit 1a2b…, prd-x.md (blob …), test-spec-x.md (blob …), prd-x.json (blob …)`. */
function describePins(plan: LoadedRalphPlan, pins: PlanPins): string {
  const parts = [
    ...(pins.commit ? [`commit ${pins.commit}`] : []),
    `${plan.prdPath}${pins.prdSha ? ` (blob ${pins.prdSha})` : ''}`,
    ...(plan.testSpecPath ? [`${plan.testSpecPath}${pins.testSpecSha ? ` (blob ${pins.testSpecSha})` : ''}`] : []),
    ...(plan.storyFile ? [`${plan.storyFile}${pins.storiesSha ? ` (blob ${pins.storiesSha})` : ''}`] : []),
  ];
  return `plangate ralph: running the approved plan: ${parts.join(', ')}`;
}
