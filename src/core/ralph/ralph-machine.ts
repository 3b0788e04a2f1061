import { judgeAttempt } from './judge-attempt.js';
import {
  assertLimit,
  findStory,
  nextIncompleteStory,
  type CommandResult,
  type RalphOutcome,
  type RalphState,
  type ScopedCommandResult,
  type StoryProgress,
} from './ralph-state.js';

/** What the adapter must do next. */
export type RalphAction =
  | { kind: 'run_baseline'; commands: string[] }
  | { kind: 'invoke_agent'; story: StoryProgress; iteration: number; attempt: number }
  | { kind: 'run_verify'; story: StoryProgress; commands: { command: string; scope: 'global' | 'story' }[] }
  | { kind: 'stop'; outcome: RalphOutcome; reason: string };

/** What happened; the adapter reports it and the machine returns the next state. */
export type RalphEvent =
  | { type: 'baseline_recorded'; results: CommandResult[] }
  | { type: 'agent_started'; storyId: string; iteration: number }
  | { type: 'agent_finished'; exitCode: number | null; timedOut: boolean }
  | { type: 'verify_finished'; results: ScopedCommandResult[] }
  | { type: 'cancelled'; reason: string }
  | { type: 'integrity_violated'; paths: string[] }
  | { type: 'failed'; reason: string }
  | { type: 'resumed'; maxIterations?: number; maxStoryAttempts?: number };

/** An event that does not fit the state: a bug in the adapter, never repository content. */
export class RalphProtocolError extends Error {}

/**
 * A run whose state directory was tampered with is not trusted again. Every other ending
 * may be resumed: completed/blocked/exhausted simply end again unless the limits grew.
 */
const FINAL: ReadonlySet<RalphOutcome> = new Set(['integrity_violation']);

/** The single decision point: state → next action. Pure. */
export function nextRalphAction(state: RalphState): RalphAction {
  if (state.outcome) return { kind: 'stop', outcome: state.outcome, reason: state.reason ?? state.outcome };
  if (!state.baseline) return { kind: 'run_baseline', commands: [...state.verify] };
  const current = state.current;
  if (current?.phase === 'agent') {
    throw new RalphProtocolError(`iteration ${current.iteration} is waiting for its agent to finish`);
  }
  if (current?.phase === 'verify') {
    const story = findStory(state, current.storyId)!;
    return { kind: 'run_verify', story, commands: verifyCommands(state, story) };
  }
  const ended = endOfRun(state);
  if (ended) return { kind: 'stop', ...ended };
  const story = nextIncompleteStory(state)!;
  return { kind: 'invoke_agent', story, iteration: state.iterations + 1, attempt: story.attempts + 1 };
}

/** Applies one event; returns a new state (the input is not modified). Throws RalphProtocolError on a misfit. */
export function applyRalphEvent(previous: RalphState, event: RalphEvent): RalphState {
  const state = structuredClone(previous);
  if (state.outcome && event.type !== 'resumed') {
    throw new RalphProtocolError(`the run already ended (${state.outcome}); ${event.type} does not apply`);
  }
  switch (event.type) {
    case 'baseline_recorded':
      if (state.baseline) throw new RalphProtocolError('the baseline is recorded once, before any change');
      state.baseline = event.results.map((r) => ({ ...r }));
      return state;
    case 'agent_started':
      return startIteration(state, event.storyId, event.iteration);
    case 'agent_finished':
      if (state.current?.phase !== 'agent') throw new RalphProtocolError('no agent is running');
      state.current = { ...state.current, phase: 'verify', agentExitCode: event.exitCode, agentTimedOut: event.timedOut };
      return state;
    case 'verify_finished':
      return judgeIteration(state, event.results);
    case 'cancelled':
      if (state.current) state.interrupted = state.current;
      delete state.current;
      return stop(state, 'cancelled', event.reason);
    case 'integrity_violated':
      delete state.current;
      return stop(
        state,
        'integrity_violation',
        `the state directory was changed by something other than the runner: ${event.paths.join(', ')}`,
      );
    case 'failed':
      delete state.current;
      return stop(state, 'failed', event.reason);
    case 'resumed':
      return resume(state, event);
  }
}

function startIteration(state: RalphState, storyId: string, iteration: number): RalphState {
  const action = nextRalphAction(state);
  if (action.kind !== 'invoke_agent') {
    throw new RalphProtocolError(`no agent turn is due (next: ${action.kind}${action.kind === 'stop' ? ` ${action.outcome}` : ''})`);
  }
  if (iteration !== action.iteration || iteration > state.maxIterations) {
    throw new RalphProtocolError(`iteration ${iteration} refused: ${state.iterations} of ${state.maxIterations} agent turns used`);
  }
  if (storyId !== action.story.id) throw new RalphProtocolError(`story ${storyId} is not next (${action.story.id} is)`);
  state.iterations = iteration;
  findStory(state, storyId)!.attempts++;
  state.current = { storyId, iteration, phase: 'agent' };
  return state;
}

function judgeIteration(state: RalphState, results: ScopedCommandResult[]): RalphState {
  const current = state.current;
  if (current?.phase !== 'verify') throw new RalphProtocolError('no attempt is waiting for its verify results');
  const story = findStory(state, current.storyId)!;
  const verdict = judgeAttempt(story, {
    agentExitCode: current.agentExitCode ?? null,
    agentTimedOut: current.agentTimedOut ?? false,
    baseline: state.baseline ?? [],
    results,
  });
  delete state.current;
  if (verdict.passes) {
    story.passes = true;
    story.consecutiveMisses = 0;
    story.passedAt = current.iteration;
    story.evidence = results.map((r) => ({ ...r }));
    delete story.lastMiss;
  } else {
    story.consecutiveMisses++;
    story.lastMiss = {
      iteration: current.iteration,
      reasons: verdict.reasons,
      failures: verdict.failures,
      agentExitCode: current.agentExitCode ?? null,
      agentTimedOut: current.agentTimedOut ?? false,
    };
  }
  const ended = endOfRun(state);
  return ended ? stop(state, ended.outcome, ended.reason) : state;
}

/** completed before blocked before exhausted: the most informative ending wins. */
function endOfRun(state: RalphState): { outcome: RalphOutcome; reason: string } | undefined {
  if (state.stories.every((s) => s.passes)) return { outcome: 'completed', reason: `all ${state.stories.length} stories pass` };
  const blocked = state.stories.find((s) => !s.passes && s.consecutiveMisses >= state.maxStoryAttempts);
  if (blocked) return { outcome: 'blocked', reason: `story ${blocked.id} missed ${blocked.consecutiveMisses} times in a row` };
  if (state.iterations >= state.maxIterations) {
    const open = state.stories.filter((s) => !s.passes).length;
    return {
      outcome: 'exhausted',
      reason: `all ${state.maxIterations} agent turns used; ${open} stor${open === 1 ? 'y' : 'ies'} still open`,
    };
  }
  return undefined;
}

function stop(state: RalphState, outcome: RalphOutcome, reason: string): RalphState {
  state.outcome = outcome;
  state.reason = reason;
  return state;
}

function resume(state: RalphState, event: Extract<RalphEvent, { type: 'resumed' }>): RalphState {
  if (state.outcome && FINAL.has(state.outcome)) throw new RalphProtocolError(`a run that ended ${state.outcome} cannot be resumed`);
  if (state.current) throw new RalphProtocolError('a run with an iteration in flight cannot be resumed');
  if (event.maxIterations !== undefined) {
    assertLimit('maxIterations', event.maxIterations);
    state.maxIterations = event.maxIterations;
  }
  if (event.maxStoryAttempts !== undefined) {
    assertLimit('maxStoryAttempts', event.maxStoryAttempts);
    state.maxStoryAttempts = event.maxStoryAttempts;
  }
  delete state.outcome;
  delete state.reason;
  delete state.interrupted;
  state.resumes++;
  return state;
}

/** Global commands that passed at baseline (the others are not required) plus the story's own. */
function verifyCommands(state: RalphState, story: StoryProgress): { command: string; scope: 'global' | 'story' }[] {
  const global = (state.baseline ?? []).filter((b) => b.passed).map((b) => ({ command: b.command, scope: 'global' as const }));
  return [...global, ...story.verify.map((command) => ({ command, scope: 'story' as const }))];
}
