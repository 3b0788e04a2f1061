import { describe, expect, it } from 'vitest';
import { judgeAttempt } from '../../src/core/ralph/judge-attempt.js';
import { createRalphState } from '../../src/core/ralph/ralph-state.js';

const storyWith = (verify: string[]) =>
  createRalphState({
    runId: 'r',
    plan: 'p',
    stories: [{ id: 'A', title: 'A', description: '', criteria: [], priority: 1, verify, passes: false }],
    verify: [],
    maxIterations: 1,
    maxStoryAttempts: 1,
  }).stories[0]!;

const baseline = [
  { command: 'npm test', passed: true, exitCode: 0 },
  { command: 'npm run lint', passed: false, exitCode: 2 },
];

describe('judging an attempt', () => {
  it('passes with exit 0, the baseline-passing commands still passing and the story checks passing', () => {
    const verdict = judgeAttempt(storyWith(['test -f a']), {
      agentExitCode: 0,
      agentTimedOut: false,
      baseline,
      results: [
        { command: 'npm test', passed: true, exitCode: 0, scope: 'global' },
        { command: 'test -f a', passed: true, exitCode: 0, scope: 'story' },
      ],
    });
    expect(verdict).toEqual({ passes: true, reasons: [], failures: [] });
  });

  it('ignores a global command that already failed at baseline, even when it still fails', () => {
    const verdict = judgeAttempt(storyWith([]), {
      agentExitCode: 0,
      agentTimedOut: false,
      baseline,
      results: [
        { command: 'npm test', passed: true, exitCode: 0, scope: 'global' },
        { command: 'npm run lint', passed: false, exitCode: 2, scope: 'global' },
      ],
    });
    expect(verdict.passes).toBe(true);
  });

  it('misses on a regression, a failing story check (no baseline exemption), a non-zero exit and a timeout — naming each', () => {
    const verdict = judgeAttempt(storyWith(['npm run lint']), {
      agentExitCode: 0,
      agentTimedOut: true,
      baseline,
      results: [
        { command: 'npm test', passed: false, exitCode: 1, scope: 'global' },
        { command: 'npm run lint', passed: false, exitCode: 2, scope: 'story' },
      ],
    });
    expect(verdict.passes).toBe(false);
    expect(verdict.reasons).toEqual([
      'the agent timed out',
      '`npm test` passed before the run and fails now (exit 1)',
      'story check `npm run lint` fails (exit 2)',
    ]);
    expect(verdict.failures.map((f) => f.command)).toEqual(['npm test', 'npm run lint']);
    expect(judgeAttempt(storyWith([]), { agentExitCode: 7, agentTimedOut: false, baseline: [], results: [] }).reasons).toEqual([
      'the agent exited with 7',
    ]);
  });

  it('treats a required command that was not run as a miss', () => {
    const verdict = judgeAttempt(storyWith(['test -f a']), { agentExitCode: 0, agentTimedOut: false, baseline, results: [] });
    expect(verdict.reasons).toEqual([
      '`npm test` passed before the run and was not run after the attempt',
      'story check `test -f a` was not run',
    ]);
  });
});
