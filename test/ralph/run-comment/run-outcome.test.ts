import { describe, expect, it } from 'vitest';
import { configSchema } from '../../../src/core/config/schema.js';
import { RALPH_OUTCOMES } from '../../../src/core/ralph/ralph-state.js';
import { outcomeLabels } from '../../../src/core/ralph/run-comment/outcome-labels.js';
import { parseRalphResult } from '../../../src/core/ralph/parse-ralph-result.js';
import {
  finishFromConclusion,
  finishRun,
  markCancelRequested,
  markDispatchFailed,
  markRunStarted,
  newRunCommentData,
  outcomeFromConclusion,
} from '../../../src/core/ralph/run-comment/run-comment-transitions.js';

const labels = configSchema.parse({}).ralph.labels;

describe('outcomeLabels', () => {
  it('maps every outcome: done for completed, blocked for the ones a person must look at, none for cancelled', () => {
    const execution = ['ralph', 'autopilot', 'ultrawork', 'team'];
    const expected: Record<(typeof RALPH_OUTCOMES)[number], string[]> = {
      completed: ['ralph:done'],
      blocked: ['ralph:blocked'],
      exhausted: ['ralph:blocked'],
      failed: ['ralph:blocked'],
      integrity_violation: ['ralph:blocked'],
      cancelled: [],
    };
    for (const outcome of RALPH_OUTCOMES) {
      const result = outcomeLabels(outcome, labels);
      expect(result.add, outcome).toEqual(expected[outcome]);
      expect(result.remove, outcome).toEqual(expect.arrayContaining(execution));
    }
    expect(outcomeLabels('completed', labels).remove).toContain('ralph:blocked');
    expect(outcomeLabels('failed', labels).remove).toContain('ralph:done');
  });

  it('uses the configured names', () => {
    const custom = configSchema.parse({ ralph: { labels: { run: ['go'], team: [], done: 'shipped', blocked: 'stuck' } } }).ralph.labels;
    expect(outcomeLabels('completed', custom)).toEqual({ add: ['shipped'], remove: ['go', 'stuck'] });
  });
});

describe('parseRalphResult', () => {
  /** Exactly what src/action/ralph-mode.ts writes: RalphResult plus the issue number. */
  const written = {
    outcome: 'blocked',
    iterations: 4,
    stories: [
      { id: 'US-1', title: 'Parse', passes: true, attempts: 1 },
      { id: 'US-2', title: 'Render', passes: false, attempts: 3 },
    ],
    runId: '20260501T120000Z-abcd',
    maxIterations: 10,
    plan: '.omx/plans/prd-x.md',
    reason: 'story US-2 missed 3 times in a row',
    prUrl: 'https://github.com/acme/widgets/pull/7',
    issue: 12,
  };

  it("reads the runner's result file as written, pretty-printed with a trailing newline", () => {
    expect(parseRalphResult(`${JSON.stringify(written, null, 2)}\n`)).toEqual({ ok: true, result: written, diagnostics: [] });
  });

  it('reads the failed-before-start shape (empty runId and plan, no iterations)', () => {
    const early = { outcome: 'failed', iterations: 0, stories: [], runId: '', maxIterations: 0, plan: '', reason: 'cannot start' };
    expect(parseRalphResult(JSON.stringify(early))).toMatchObject({ ok: true, result: early });
  });

  it('accepts unknown keys and per-story evidence', () => {
    const result = parseRalphResult(
      JSON.stringify({
        ...written,
        future: 1,
        stories: [{ ...written.stories[0], evidence: [{ command: 'npm test', passed: true, exitCode: 0 }] }],
      }),
    );
    expect(result.ok).toBe(true);
  });

  it('drops an unsafe PR link with a diagnostic', () => {
    const result = parseRalphResult(JSON.stringify({ ...written, prUrl: 'javascript:alert(1)' }));
    expect(result).toMatchObject({ ok: true, diagnostics: [{ code: 'result_pr_url_unsafe' }] });
    expect((result as { result: object }).result).not.toHaveProperty('prUrl');
  });

  it('reports broken files instead of throwing', () => {
    expect(parseRalphResult('{')).toMatchObject({ ok: false, diagnostics: [{ code: 'result_json_invalid' }] });
    expect(parseRalphResult('{"outcome":"completed"}')).toMatchObject({ ok: false, diagnostics: [{ code: 'result_invalid' }] });
    expect(parseRalphResult(JSON.stringify({ ...written, outcome: 'won' }))).toMatchObject({ ok: false });
    expect(parseRalphResult(JSON.stringify({ ...written, iterations: -1 }))).toMatchObject({ ok: false });
    expect(parseRalphResult(`[${'['.repeat(20000)}${']'.repeat(20000)}]`)).toMatchObject({ ok: false });
  });
});

describe('run comment transitions', () => {
  const start = newRunCommentData({
    key: 'k',
    previousKeys: ['old'],
    claim: 'n',
    mode: 'team',
    plan: 'prd.md',
    maxIterations: 8,
    approval: { state: 'not-required' },
  });

  it('starts dispatched at iteration 0/N', () => {
    expect(start).toEqual({
      version: 1,
      key: 'k',
      previousKeys: ['old'],
      claim: 'n',
      status: 'dispatched',
      mode: 'team',
      plan: 'prd.md',
      approval: { state: 'not-required' },
      iteration: 0,
      maxIterations: 8,
    });
  });

  it('records the workflow run, then the result file', () => {
    const running = markRunStarted(start, { runId: 99, runUrl: 'https://github.com/a/b/actions/runs/99' });
    expect(running).toMatchObject({ status: 'running', runId: 99 });
    const result = parseRalphResult(
      JSON.stringify({
        outcome: 'completed',
        iterations: 3,
        stories: [{ id: 'A', title: 'a', passes: true, attempts: 2, evidence: [] }],
        runId: 'r1',
        maxIterations: 8,
        plan: 'prd.md',
        prUrl: 'https://github.com/a/b/pull/3',
      }),
    );
    if (!result.ok) throw new Error('fixture');
    expect(finishRun(running, result.result)).toMatchObject({
      status: 'finished',
      outcome: 'completed',
      iteration: 3,
      ralphRunId: 'r1',
      prUrl: 'https://github.com/a/b/pull/3',
      stories: [{ id: 'A', title: 'a', passes: true, attempts: 2 }],
    });
  });

  it('cancels at once without a known run, and waits for the completed event with one', () => {
    expect(markCancelRequested(start)).toMatchObject({ status: 'finished', outcome: 'cancelled' });
    expect(markCancelRequested(markRunStarted(start, { runId: 1 }))).toMatchObject({ status: 'cancel_requested' });
    expect(markRunStarted(markCancelRequested(markRunStarted(start, { runId: 1 })), { runId: 1 }).status).toBe('cancel_requested');
  });

  it('does not reopen a finished or failed record', () => {
    const failed = markDispatchFailed(start, 'workflow not found');
    expect(markRunStarted(failed, { runId: 5 })).toBe(failed);
    expect(markCancelRequested(failed)).toBe(failed);
  });

  it('falls back to the conclusion when there is no result file', () => {
    expect(outcomeFromConclusion('success')).toBe('completed');
    expect(outcomeFromConclusion('cancelled')).toBe('cancelled');
    for (const c of ['failure', 'timed_out', 'startup_failure', 'neutral', null, undefined])
      expect(outcomeFromConclusion(c)).toBe('failed');
    expect(finishFromConclusion(start, 'timed_out')).toMatchObject({
      status: 'finished',
      outcome: 'failed',
      reason: 'the workflow run ended timed_out and left no plangate-ralph-result.json',
    });
  });
});
