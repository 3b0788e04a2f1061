import { agentEnvironment } from '../core/ralph/agent-environment.js';
import { bindAgentTemplate } from '../core/ralph/bind-agent-template.js';
import type { ProgressStep } from '../core/ralph/ralph-progress.js';
import { applyRalphEvent, nextRalphAction, type RalphEvent } from '../core/ralph/ralph-machine.js';
import { ralphResultOf, type RalphResult } from '../core/ralph/ralph-result.js';
import { findStory, type CommandResult, type RalphState, type ScopedCommandResult, type StoryProgress } from '../core/ralph/ralph-state.js';
import { renderRalphPrompt } from '../core/ralph/render-ralph-prompt.js';
import type { DirtyPaths } from './git-worktree.js';
import { openRalphRun, RalphStartError } from './open-ralph-run.js';
import type { RalphLoopOptions } from './ralph-loop-options.js';
import { runCommand, type RunCommandResult } from './run-command.js';
import type { StateDir } from './state-dir.js';

export type { RalphLoopOptions } from './ralph-loop-options.js';

export interface RalphLoopResult {
  state: RalphState;
  result: RalphResult;
  store: StateDir;
  /** Paths dirty before a new run (git work trees). */
  baseline?: DirtyPaths;
}

/**
 * The adapter around the pure machine: asks it for the next action, performs it (agent,
 * verify commands, files), checks the state directory, reports the event, persists the
 * state — the counter is written before the agent starts — and repeats until it stops.
 */
export async function runRalphLoop(options: RalphLoopOptions): Promise<RalphLoopResult> {
  const now = options.now ?? (() => new Date());
  const template = bindAgentTemplate(options.agent);
  if (!template.ok) throw new RalphStartError(template.problem);
  const { store, initial, planText, baseline } = await openRalphRun(options, now);
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
  const env = {
    ...agentEnvironment(options.env, options.passEnv, { windows: process.platform === 'win32' }).env,
    PLANGATE_RALPH_RUN_ID: state.runId,
    PLANGATE_RALPH_WORKDIR: options.workdir,
  };
  /** A command whose processes could not all be stopped: nothing after it can be trusted. */
  const escaped = (r: RunCommandResult, what: string): boolean => {
    if (!r.strays) return false;
    if (!state.outcome)
      apply({ type: 'failed', reason: `${r.strays} process(es) started by ${what} could not be stopped; the run is not trusted further` });
    return true;
  };

  await progress('started');
  try {
    for (;;) {
      // Tampering is checked in settle(), after each step that ran outside code.
      if (!state.outcome && options.signal?.aborted) apply({ type: 'cancelled', reason: cancelReason(options.signal) });
      const action = nextRalphAction(state);
      if (action.kind === 'stop') break;
      if (action.kind === 'run_baseline') {
        const results: CommandResult[] = [];
        for (const [i, command] of action.commands.entries()) {
          if (options.signal?.aborted) break;
          const outcome = await run(command, `logs/baseline-${i + 1}.log`);
          if (escaped(outcome, `the verify command \`${command}\``)) break;
          results.push(toCommandResult(command, outcome));
        }
        if (state.outcome) continue;
        if (settle({ type: 'baseline_recorded', results })) await progress('baseline');
        continue;
      }
      if (action.kind === 'invoke_agent') {
        const { story, iteration } = action;
        apply({ type: 'agent_started', storyId: story.id, iteration });
        const promptRel = `prompts/iteration-${iteration}.md`;
        const promptFile = store.writeFile(
          promptRel,
          renderRalphPrompt({ state, story: findStory(state, story.id)!, iteration, planText }),
        );
        await progress('iteration_started', findStory(state, story.id));
        const agent = await run(template.command, `logs/iteration-${iteration}-agent.log`, {
          PLANGATE_RALPH_STORY_ID: story.id,
          PLANGATE_RALPH_ITERATION: String(iteration),
          PLANGATE_RALPH_PROMPT_FILE: promptFile,
        });
        if (escaped(agent, 'the agent')) continue;
        settle({ type: 'agent_finished', exitCode: agent.exitCode, timedOut: agent.timedOut });
        continue;
      }
      const iteration = state.current!.iteration;
      const results: ScopedCommandResult[] = [];
      for (const [i, c] of action.commands.entries()) {
        if (options.signal?.aborted) break;
        const outcome = await run(c.command, `logs/iteration-${iteration}-verify-${i + 1}.log`);
        if (escaped(outcome, `the verify command \`${c.command}\``)) break;
        results.push({ ...toCommandResult(c.command, outcome), scope: c.scope });
      }
      if (state.outcome) continue;
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
  return { state, result: ralphResultOf(state), store, ...(baseline ? { baseline } : {}) };

  async function run(command: string, logRel: string, extraEnv: Record<string, string> = {}): Promise<RunCommandResult> {
    const result = await runCommand({
      command,
      programs: options.programs,
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

function toCommandResult(command: string, r: RunCommandResult): CommandResult {
  const result: CommandResult = { command, passed: r.exitCode === 0 && !r.timedOut, exitCode: r.exitCode };
  if (r.timedOut) result.timedOut = true;
  if (r.outputTail) result.outputTail = r.outputTail;
  return result;
}

function cancelReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return typeof reason === 'string'
    ? reason
    : reason instanceof Error && !/aborted/i.test(reason.message)
      ? reason.message
      : 'the run was cancelled';
}
