import { MAX_ITERATIONS_LIMIT } from './ralph-limits.js';

/**
 * The ralph loop's persisted state (`.plangate/ralph/<runId>/state.json`). Plain data:
 * the state machine (`ralph-machine.ts`) is its only writer.
 */

/**
 * How a run ends. `integrity_violation` is the spec's "the run stops with
 * integrity_violation": something other than the runner changed the state directory.
 */
export const RALPH_OUTCOMES = ['completed', 'exhausted', 'blocked', 'failed', 'cancelled', 'integrity_violation'] as const;
export type RalphOutcome = (typeof RALPH_OUTCOMES)[number];

/** A story as the loader hands it over (from prd.json or derived from the PRD markdown). */
export interface RalphStoryInput {
  id: string;
  title: string;
  description: string;
  criteria: string[];
  /** 1 = highest; ties keep file order. */
  priority: number;
  /** The story's own commands (prd.json `verify[]`): no baseline exemption. */
  verify: string[];
  /** Already done before this run (prd.json `passes: true`). */
  passes: boolean;
}

/** One command's result, with the end of its output for the next prompt and the PR evidence. */
export interface CommandResult {
  command: string;
  passed: boolean;
  exitCode: number | null;
  timedOut?: boolean;
  /** Last few KiB of output (bounded by the adapter). */
  outputTail?: string;
}

export type VerifyScope = 'global' | 'story';

export interface ScopedCommandResult extends CommandResult {
  scope: VerifyScope;
}

export interface AttemptMiss {
  iteration: number;
  /** Human-readable reasons, e.g. "agent exited with 1", "`npm test` passed before the run and fails now". */
  reasons: string[];
  /** Commands that made it a miss (with output tails). */
  failures: CommandResult[];
  agentExitCode: number | null;
  agentTimedOut: boolean;
}

export interface StoryProgress {
  id: string;
  title: string;
  description: string;
  criteria: string[];
  priority: number;
  /** Position in the plan, for ties. */
  order: number;
  verify: string[];
  passes: boolean;
  /** Agent invocations for this story (counted when the agent starts). */
  attempts: number;
  /** Verified misses since the story's last pass or the run's start. */
  consecutiveMisses: number;
  lastMiss?: AttemptMiss;
  /** The passing attempt's commands: what the PR lists as evidence. */
  evidence?: ScopedCommandResult[];
  /** Iteration that made it pass. */
  passedAt?: number;
}

/** The iteration in flight: set before the agent starts, cleared when its verify is judged. */
export interface CurrentIteration {
  storyId: string;
  iteration: number;
  phase: 'agent' | 'verify';
  agentExitCode?: number | null;
  agentTimedOut?: boolean;
}

export interface RalphState {
  version: 1;
  runId: string;
  /** Repo-relative PRD path. */
  plan: string;
  maxIterations: number;
  maxStoryAttempts: number;
  /** Agent invocations started so far: the one budget counter. */
  iterations: number;
  /** Global verify commands (config, `--verify`, or the test spec's command blocks). */
  verify: string[];
  /** Which global verify commands passed before any change; undefined until recorded. */
  baseline?: CommandResult[];
  stories: StoryProgress[];
  current?: CurrentIteration;
  /** An iteration that a cancel interrupted (its budget was spent, it was never judged). */
  interrupted?: CurrentIteration;
  outcome?: RalphOutcome;
  /** Why the run ended the way it did. */
  reason?: string;
  /** How many times the run was resumed. */
  resumes: number;
}

export interface CreateRalphStateInput {
  runId: string;
  plan: string;
  stories: readonly RalphStoryInput[];
  verify: readonly string[];
  maxIterations: number;
  maxStoryAttempts: number;
}

export function createRalphState(input: CreateRalphStateInput): RalphState {
  assertLimit('maxIterations', input.maxIterations);
  assertLimit('maxStoryAttempts', input.maxStoryAttempts);
  if (!input.stories.length) throw new RangeError('a ralph run needs at least one story');
  return {
    version: 1,
    runId: input.runId,
    plan: input.plan,
    maxIterations: input.maxIterations,
    maxStoryAttempts: input.maxStoryAttempts,
    iterations: 0,
    verify: [...input.verify],
    stories: input.stories.map((s, order) => ({
      id: s.id,
      title: s.title,
      description: s.description,
      criteria: [...s.criteria],
      priority: s.priority,
      order,
      verify: [...s.verify],
      passes: s.passes,
      attempts: 0,
      consecutiveMisses: 0,
    })),
    resumes: 0,
  };
}

export function assertLimit(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a whole number ≥ 1 (got ${value})`);
  if (name === 'maxIterations' && value > MAX_ITERATIONS_LIMIT)
    throw new RangeError(`maxIterations must be at most ${MAX_ITERATIONS_LIMIT} (got ${value})`);
}

/** The next incomplete story: lowest priority number, then plan order. */
export function nextIncompleteStory(state: RalphState): StoryProgress | undefined {
  let best: StoryProgress | undefined;
  for (const s of state.stories) {
    if (s.passes) continue;
    if (!best || s.priority < best.priority || (s.priority === best.priority && s.order < best.order)) best = s;
  }
  return best;
}

export function findStory(state: RalphState, id: string): StoryProgress | undefined {
  return state.stories.find((s) => s.id === id);
}
