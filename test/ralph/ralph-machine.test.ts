import { describe, expect, it } from 'vitest';
import { applyRalphEvent, nextRalphAction, RalphProtocolError, type RalphAction } from '../../src/core/ralph/ralph-machine.js';
import { ralphResultOf } from '../../src/core/ralph/ralph-result.js';
import { createRalphState, type RalphState, type RalphStoryInput } from '../../src/core/ralph/ralph-state.js';

const story = (id: string, extra: Partial<RalphStoryInput> = {}): RalphStoryInput => ({
  id,
  title: `Story ${id}`,
  description: '',
  criteria: [`${id} works`],
  priority: 1,
  verify: [],
  passes: false,
  ...extra,
});

function start(
  stories: RalphStoryInput[],
  limits: { maxIterations?: number; maxStoryAttempts?: number; verify?: string[] } = {},
): RalphState {
  const state = createRalphState({
    runId: 'r1',
    plan: 'prd.md',
    stories,
    verify: limits.verify ?? ['npm test'],
    maxIterations: limits.maxIterations ?? 10,
    maxStoryAttempts: limits.maxStoryAttempts ?? 3,
  });
  return applyRalphEvent(state, {
    type: 'baseline_recorded',
    results: (limits.verify ?? ['npm test']).map((command) => ({ command, passed: true, exitCode: 0 })),
  });
}

/** One full turn: start the agent, finish it, report the verify results. */
function turn(state: RalphState, outcome: { agentExit?: number; pass: boolean }): RalphState {
  const action = nextRalphAction(state) as Extract<RalphAction, { kind: 'invoke_agent' }>;
  expect(action.kind).toBe('invoke_agent');
  let s = applyRalphEvent(state, { type: 'agent_started', storyId: action.story.id, iteration: action.iteration });
  s = applyRalphEvent(s, { type: 'agent_finished', exitCode: outcome.agentExit ?? 0, timedOut: false });
  const verify = nextRalphAction(s) as Extract<RalphAction, { kind: 'run_verify' }>;
  expect(verify.kind).toBe('run_verify');
  return applyRalphEvent(s, {
    type: 'verify_finished',
    results: verify.commands.map((c) => ({ ...c, passed: outcome.pass, exitCode: outcome.pass ? 0 : 1 })),
  });
}

describe('ralph state machine', () => {
  it('asks for the baseline first, before any agent turn', () => {
    const state = createRalphState({
      runId: 'r',
      plan: 'p.md',
      stories: [story('A')],
      verify: ['npm test', 'npm run lint'],
      maxIterations: 3,
      maxStoryAttempts: 3,
    });
    expect(nextRalphAction(state)).toEqual({ kind: 'run_baseline', commands: ['npm test', 'npm run lint'] });
    expect(() => applyRalphEvent(state, { type: 'agent_started', storyId: 'A', iteration: 1 })).toThrow(RalphProtocolError);
  });

  it('yields exactly N agent turns for max-iterations N and refuses turn N+1', () => {
    for (const n of [1, 2, 4]) {
      let state = start([story('A')], { maxIterations: n, maxStoryAttempts: 100 });
      let turns = 0;
      while (nextRalphAction(state).kind === 'invoke_agent') {
        state = turn(state, { pass: false });
        turns++;
      }
      expect(turns).toBe(n);
      expect(state).toMatchObject({ iterations: n, outcome: 'exhausted' });
      expect(() => applyRalphEvent(state, { type: 'agent_started', storyId: 'A', iteration: n + 1 })).toThrow(RalphProtocolError);
    }
  });

  it('counts the turn when the agent starts (the counter is in the state before the agent runs)', () => {
    const state = start([story('A')]);
    const started = applyRalphEvent(state, { type: 'agent_started', storyId: 'A', iteration: 1 });
    expect(started).toMatchObject({ iterations: 1, current: { storyId: 'A', iteration: 1, phase: 'agent' } });
    expect(started.stories[0]!.attempts).toBe(1);
    expect(state.iterations).toBe(0);
    expect(() => applyRalphEvent(state, { type: 'agent_started', storyId: 'A', iteration: 2 })).toThrow(/iteration 2 refused/);
  });

  it('blocks after max-story-attempts consecutive misses of one story', () => {
    let state = start([story('A'), story('B', { priority: 2 })], { maxStoryAttempts: 3 });
    state = turn(state, { pass: false });
    state = turn(state, { pass: false });
    expect(state.outcome).toBeUndefined();
    state = turn(state, { pass: false });
    expect(state).toMatchObject({ outcome: 'blocked', iterations: 3, reason: 'story A missed 3 times in a row' });
    expect(ralphResultOf(state).stories).toEqual([
      { id: 'A', title: 'Story A', passes: false, attempts: 3 },
      { id: 'B', title: 'Story B', passes: false, attempts: 0 },
    ]);
  });

  it('works stories by priority number, then plan order, skipping ones already passing', () => {
    let state = start([
      story('low', { priority: 3 }),
      story('done', { priority: 1, passes: true }),
      story('high', { priority: 2 }),
      story('high2', { priority: 2 }),
    ]);
    const order: string[] = [];
    while (nextRalphAction(state).kind === 'invoke_agent') {
      order.push((nextRalphAction(state) as Extract<RalphAction, { kind: 'invoke_agent' }>).story.id);
      state = turn(state, { pass: true });
    }
    expect(order).toEqual(['high', 'high2', 'low']);
    expect(state).toMatchObject({ outcome: 'completed', iterations: 3 });
  });

  it('ends completed, not exhausted, when the last allowed turn finishes the last story', () => {
    let state = start([story('A'), story('B', { priority: 2 })], { maxIterations: 2 });
    state = turn(turn(state, { pass: true }), { pass: true });
    expect(state).toMatchObject({ outcome: 'completed', iterations: 2 });
  });

  it('a miss after a pass of another story starts that story’s count from zero; a pass resets it', () => {
    let state = start([story('A'), story('B', { priority: 2 })], { maxStoryAttempts: 2 });
    state = turn(state, { pass: false });
    state = turn(state, { pass: true });
    expect(state.stories.map((s) => [s.id, s.passes, s.attempts, s.consecutiveMisses])).toEqual([
      ['A', true, 2, 0],
      ['B', false, 0, 0],
    ]);
    state = turn(state, { pass: false });
    expect(state.outcome).toBeUndefined();
  });

  it('verifies only the global commands that passed at baseline, plus the story’s own', () => {
    let state = createRalphState({
      runId: 'r',
      plan: 'p',
      stories: [story('A', { verify: ['test -f a'] })],
      verify: ['npm test', 'npm run lint'],
      maxIterations: 5,
      maxStoryAttempts: 3,
    });
    state = applyRalphEvent(state, {
      type: 'baseline_recorded',
      results: [
        { command: 'npm test', passed: true, exitCode: 0 },
        { command: 'npm run lint', passed: false, exitCode: 1 },
      ],
    });
    state = applyRalphEvent(state, { type: 'agent_started', storyId: 'A', iteration: 1 });
    state = applyRalphEvent(state, { type: 'agent_finished', exitCode: 0, timedOut: false });
    expect(nextRalphAction(state)).toMatchObject({
      kind: 'run_verify',
      commands: [
        { command: 'npm test', scope: 'global' },
        { command: 'test -f a', scope: 'story' },
      ],
    });
  });

  it('a cancel mid-agent keeps the spent turn, and a resume continues with the same story', () => {
    let state = start([story('A'), story('B', { priority: 2 })], { maxIterations: 5 });
    state = turn(state, { pass: true });
    state = applyRalphEvent(state, { type: 'agent_started', storyId: 'B', iteration: 2 });
    state = applyRalphEvent(state, { type: 'cancelled', reason: 'SIGTERM received' });
    expect(state).toMatchObject({ outcome: 'cancelled', iterations: 2, interrupted: { storyId: 'B', iteration: 2 } });
    expect(state.current).toBeUndefined();
    expect(nextRalphAction(state)).toMatchObject({ kind: 'stop', outcome: 'cancelled' });

    state = applyRalphEvent(state, { type: 'resumed' });
    expect(state).toMatchObject({ iterations: 2, resumes: 1 });
    expect(state.outcome).toBeUndefined();
    expect(nextRalphAction(state)).toMatchObject({
      kind: 'invoke_agent',
      story: { id: 'B', attempts: 1, consecutiveMisses: 0 },
      iteration: 3,
    });
  });

  it('a resume may raise the budget of an exhausted run; an integrity violation is never resumed', () => {
    let state = start([story('A')], { maxIterations: 1 });
    state = turn(state, { pass: false });
    expect(state.outcome).toBe('exhausted');
    state = applyRalphEvent(state, { type: 'resumed', maxIterations: 2 });
    expect(nextRalphAction(state)).toMatchObject({ kind: 'invoke_agent', iteration: 2 });

    const violated = applyRalphEvent(start([story('A')]), { type: 'integrity_violated', paths: ['.plangate/ralph/r1/state.json'] });
    expect(violated).toMatchObject({ outcome: 'integrity_violation' });
    expect(() => applyRalphEvent(violated, { type: 'resumed' })).toThrow(/cannot be resumed/);
  });

  it('refuses events after the run ended and events out of order', () => {
    const done = turn(start([story('A')]), { pass: true });
    expect(done.outcome).toBe('completed');
    expect(() => applyRalphEvent(done, { type: 'agent_started', storyId: 'A', iteration: 2 })).toThrow(/already ended/);
    const fresh = start([story('A'), story('B', { priority: 2 })]);
    expect(() => applyRalphEvent(fresh, { type: 'agent_finished', exitCode: 0, timedOut: false })).toThrow(/no agent is running/);
    expect(() => applyRalphEvent(fresh, { type: 'agent_started', storyId: 'B', iteration: 1 })).toThrow(/story B is not next/);
  });

  it('does not change the state it is given', () => {
    const state = start([story('A')]);
    const copy = structuredClone(state);
    turn(state, { pass: true });
    expect(state).toEqual(copy);
  });
});
