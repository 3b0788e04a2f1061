import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { applyRalphEvent, nextRalphAction, type RalphEvent } from '../core/ralph/ralph-machine.js';
import { ralphResultOf, type RalphResult } from '../core/ralph/ralph-result.js';
import { createRalphState, findStory, type CommandResult, type RalphState, type ScopedCommandResult, type StoryProgress } from '../core/ralph/ralph-state.js';
import { renderRalphPrompt } from '../core/ralph/render-ralph-prompt.js';
import { childEnvironment } from './agent-env.js';
import { fillAgentTemplate } from './fill-agent-template.js';
import { isGitWorktree, listDirtyPaths } from './git-worktree.js';
import type { LoadedRalphPlan } from './load-ralph-plan.js';
import { runCommand, type RunCommandResult } from './run-command.js';
import { readRalphState } from './read-ralph-state.js';
import { StateDir, isValidRunId, stateDirOf } from './state-dir.js';

export type ProgressStep = 'started' | 'baseline' | 'iteration_started' | 'iteration_judged' | 'stopped';

export interface RalphProgress {
  step: ProgressStep;
  state: RalphState;
  /** The story the step is about (iteration steps). */
  story?: StoryProgress;
}

export interface RalphLoopOptions {
  workdir: string;
  /** The agent command template (`{prompt_file}`, `{story_id}`, `{workdir}`). */
  agent: string;
  /** A new run's plan; not needed with `resume`. */
  plan?: LoadedRalphPlan;
  /** The PRD text for prompts on resume (default: read again from the workdir). */
  planText?: string;
  resume?: string;
  maxIterations?: number;
  maxStoryAttempts?: number;
  commandTimeoutMs: number;
  passEnv: readonly string[];
  env: Record<string, string | undefined>;
  /** Aborting (SIGTERM) ends the run `cancelled` with its state saved. */
  signal?: AbortSignal;
  onProgress?: (progress: RalphProgress) => void | Promise<void>;
  /** Told about progress-callback errors (they never stop the loop). */
  onWarning?: (message: string) => void;
  now?: () => Date;
  runId?: string;
}

export interface RalphLoopResult {
  state: RalphState;
  result: RalphResult;
  stateDir: string;
}

/** A problem that stops the run before it starts (usage-level: bad runId, nothing to resume). */
export class RalphStartError extends Error {}

/**
 * The adapter around the pure machine: asks it for the next action, performs it (agent,
 * verify commands, files), checks the state directory, reports the event, persists the
 * state — the counter is written before the agent starts — and repeats until it stops.
 */
export async function runRalphLoop(options: RalphLoopOptions): Promise<RalphLoopResult> {
  const now = options.now ?? (() => new Date());
  const { store, initial, planText } = await openRun(options, now);
  let state = initial;
  const persist = (event: RalphEvent | { type: string; [key: string]: unknown }) => {
    store.appendEvent({ at: now().toISOString(), ...event, iterations: state.iterations });
    store.writeState(state, now());
  };
  const progress = async (step: ProgressStep, story?: StoryProgress) => {
    try {
      await options.onProgress?.({ step, state, story });
    } catch (error) {
      options.onWarning?.(`progress update failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const apply = (event: RalphEvent) => {
    state = applyRalphEvent(state, event);
    persist(event);
  };
  /** After every step: the state dir must hold only what the runner wrote, and a cancel wins over the step's result. */
  const settle = (event: RalphEvent): boolean => {
    const tampered = store.findTampering();
    if (tampered.length) {
      apply({ type: 'integrity_violated', paths: tampered });
      return false;
    }
    if (options.signal?.aborted) {
      apply({ type: 'cancelled', reason: cancelReason(options.signal) });
      return false;
    }
    apply(event);
    return true;
  };
  const env = childEnvironment(options.env, options.passEnv, { PLANGATE_RALPH_RUN_ID: state.runId });

  await progress('started');
  try {
    for (;;) {
      if (!state.outcome) {
        const tampered = store.findTampering();
        if (tampered.length) apply({ type: 'integrity_violated', paths: tampered });
        else if (options.signal?.aborted) apply({ type: 'cancelled', reason: cancelReason(options.signal) });
      }
      const action = nextRalphAction(state);
      if (action.kind === 'stop') break;
      if (action.kind === 'run_baseline') {
        const results: CommandResult[] = [];
        for (const [i, command] of action.commands.entries()) {
          results.push(toCommandResult(command, await run(command, `logs/baseline-${i + 1}.log`)));
        }
        if (settle({ type: 'baseline_recorded', results })) await progress('baseline');
        continue;
      }
      if (action.kind === 'invoke_agent') {
        const { story, iteration } = action;
        apply({ type: 'agent_started', storyId: story.id, iteration });
        const promptRel = `prompts/iteration-${iteration}.md`;
        const promptFile = store.writeFile(promptRel, renderRalphPrompt({ state, story: findStory(state, story.id)!, iteration, planText }));
        await progress('iteration_started', findStory(state, story.id));
        const command = fillAgentTemplate(options.agent, { promptFile, storyId: story.id, workdir: options.workdir });
        const agent = await run(command, `logs/iteration-${iteration}-agent.log`, {
          PLANGATE_RALPH_STORY_ID: story.id,
          PLANGATE_RALPH_ITERATION: String(iteration),
          PLANGATE_RALPH_PROMPT_FILE: promptFile,
        });
        settle({ type: 'agent_finished', exitCode: agent.exitCode, timedOut: agent.timedOut });
        continue;
      }
      const iteration = state.current!.iteration;
      const results: ScopedCommandResult[] = [];
      for (const [i, c] of action.commands.entries()) {
        const outcome = await run(c.command, `logs/iteration-${iteration}-verify-${i + 1}.log`);
        results.push({ ...toCommandResult(c.command, outcome), scope: c.scope });
      }
      if (settle({ type: 'verify_finished', results })) await progress('iteration_judged', findStory(state, action.story.id));
    }
  } catch (error) {
    if (!state.outcome) {
      state = applyRalphEvent(state, { type: 'failed', reason: `runner error: ${error instanceof Error ? error.message : String(error)}` });
      try {
        persist({ type: 'failed', reason: state.reason! });
      } catch {
        // The state dir itself is broken; the result still reports the failure.
      }
    }
  }
  await progress('stopped');
  return { state, result: ralphResultOf(state), stateDir: store.root };

  async function run(command: string, logRel: string, extraEnv: Record<string, string> = {}): Promise<RunCommandResult> {
    const result = await runCommand({
      command,
      cwd: options.workdir,
      env: { ...env, ...extraEnv },
      timeoutMs: options.commandTimeoutMs,
      logFile: store.pathOf(logRel),
      signal: options.signal,
    });
    store.recordFile(logRel, result.logSha256);
    return result;
  }
}

async function openRun(options: RalphLoopOptions, now: () => Date): Promise<{ store: StateDir; initial: RalphState; planText: string }> {
  if (options.resume) {
    if (!isValidRunId(options.resume)) throw new RalphStartError(`--resume ${JSON.stringify(options.resume)} is not a run id`);
    if (!existsSync(stateDirOf(options.workdir, options.resume))) throw new RalphStartError(`no run ${options.resume} in ${stateDirOf(options.workdir, options.resume)}`);
    const store = StateDir.open(options.workdir, options.resume);
    const loaded = readRalphState(store);
    if (!loaded.ok) throw new RalphStartError(loaded.problem);
    let state: RalphState;
    try {
      state = applyRalphEvent(loaded.state, { type: 'resumed', maxIterations: options.maxIterations, maxStoryAttempts: options.maxStoryAttempts });
    } catch (error) {
      throw new RalphStartError(`cannot resume ${options.resume}: ${(error as Error).message}`);
    }
    store.appendEvent({ at: now().toISOString(), type: 'resumed', maxIterations: state.maxIterations, maxStoryAttempts: state.maxStoryAttempts, iterations: state.iterations });
    store.writeState(state, now());
    const planText = options.planText ?? (await readPlanText(options.workdir, state.plan));
    return { store, initial: state, planText };
  }
  const plan = options.plan;
  if (!plan) throw new RalphStartError('a new run needs a plan');
  const runId = options.runId ?? newRunId(now());
  if (!isValidRunId(runId)) throw new RalphStartError(`${JSON.stringify(runId)} is not a run id`);
  const initial = createRalphState({
    runId,
    plan: plan.prdPath,
    stories: plan.stories,
    verify: plan.verify,
    maxIterations: options.maxIterations ?? 10,
    maxStoryAttempts: options.maxStoryAttempts ?? 3,
  });
  const store = StateDir.create(options.workdir, runId);
  if (await isGitWorktree(options.workdir)) store.writeFile('git-baseline.json', `${JSON.stringify(await listDirtyPaths(options.workdir), null, 2)}\n`);
  store.appendEvent({
    at: now().toISOString(),
    type: 'run_started',
    plan: plan.prdPath,
    testSpec: plan.testSpecPath,
    storySource: plan.storySource,
    storyFile: plan.storyFile,
    verifySource: plan.verifySource,
    maxIterations: initial.maxIterations,
    maxStoryAttempts: initial.maxStoryAttempts,
    iterations: 0,
  });
  store.writeState(initial, now());
  return { store, initial, planText: options.planText ?? plan.prdText };
}

async function readPlanText(workdir: string, plan: string): Promise<string> {
  return readFile(join(workdir, ...plan.split('/')), 'utf8').catch(() => `(the plan ${plan} could not be read)`);
}

/** `20260501T120000Z-1a2b3c`: sortable, unique enough, safe as a directory name. */
export function newRunId(at: Date): string {
  return `${at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
}

function toCommandResult(command: string, r: RunCommandResult): CommandResult {
  const result: CommandResult = { command, passed: r.exitCode === 0 && !r.timedOut, exitCode: r.exitCode };
  if (r.timedOut) result.timedOut = true;
  if (r.outputTail) result.outputTail = r.outputTail;
  return result;
}

function cancelReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return typeof reason === 'string' ? reason : reason instanceof Error && !/aborted/i.test(reason.message) ? reason.message : 'the run was cancelled';
}
