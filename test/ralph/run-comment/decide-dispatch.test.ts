import { describe, expect, it } from 'vitest';
import { decideClaim, decideDispatch } from '../../../src/core/ralph/run-comment/decide-dispatch.js';
import { dispatchKey } from '../../../src/core/ralph/run-comment/dispatch-key.js';
import { parseRunComment } from '../../../src/core/ralph/run-comment/parse-run-comment.js';
import { renderRunComment } from '../../../src/core/ralph/run-comment/render-run-comment.js';
import type { RunCommentData } from '../../../src/core/ralph/run-comment/run-comment-data.js';
import {
  finishRun,
  markCancelRequested,
  markRunStarted,
  newRunCommentData,
} from '../../../src/core/ralph/run-comment/run-comment-transitions.js';

const K1 = dispatchKey({ repo: 'acme/widgets', issue: 12, label: 'ralph', labelEventId: 1 });
const K2 = dispatchKey({ repo: 'acme/widgets', issue: 12, label: 'ralph', labelEventId: 2 });
const K3 = dispatchKey({ repo: 'acme/widgets', issue: 12, label: 'team', labelEventId: 3 });
const dispatched = (key: string, previousKeys: string[] = []) =>
  newRunCommentData({ key, previousKeys, claim: 'n1', mode: 'ralph', plan: 'prd.md', maxIterations: 5 });
const done = (data: RunCommentData) =>
  finishRun(markRunStarted(data, { runId: 1 }), { outcome: 'completed', iterations: 2, stories: [], runId: 'r' });
/** What the App would read back from GitHub: the data after a render → parse trip. */
const stored = (data: RunCommentData) => (parseRunComment(renderRunComment(data)) as { data: RunCommentData }).data;

describe('decideDispatch', () => {
  it('dispatches when the issue has no run comment', () => {
    expect(decideDispatch(undefined, K1)).toEqual({ kind: 'dispatch', previousKeys: [] });
  });

  it('does not dispatch twice for the same key, in flight or finished', () => {
    expect(decideDispatch(stored(dispatched(K1)), K1).kind).toBe('already-dispatched');
    expect(decideDispatch(stored(done(dispatched(K1))), K1).kind).toBe('already-dispatched');
  });

  it('dispatches a new label event after the previous run finished, and remembers the old key', () => {
    const decision = decideDispatch(stored(done(dispatched(K1))), K2);
    expect(decision).toEqual({ kind: 'dispatch', previousKeys: [K1] });
  });

  it('treats a late redelivery of an older, already handled event as superseded', () => {
    const second = done(dispatched(K2, [K1]));
    expect(decideDispatch(stored(second), K1).kind).toBe('superseded');
  });

  it('refuses a second run while one is in flight, with an answer that links the run', () => {
    const running = markRunStarted(dispatched(K1), { runId: 77, runUrl: 'https://github.com/acme/widgets/actions/runs/77' });
    const decision = decideDispatch(stored(running), K3);
    expect(decision.kind).toBe('in-flight');
    expect((decision as { answer: string }).answer).toBe(
      'A ralph run on prd.md is already in flight ([workflow run](https://github.com/acme/widgets/actions/runs/77)); `/plangate cancel` it before starting another.',
    );
    expect(decideDispatch(stored(markCancelRequested(running)), K3).kind).toBe('in-flight');
  });

  it('dispatches again after a failed dispatch or a cancel before the run was known', () => {
    expect(decideDispatch(stored({ ...dispatched(K1), status: 'dispatch_failed' }), K2).kind).toBe('dispatch');
    expect(decideDispatch(stored(markCancelRequested(dispatched(K1))), K2).kind).toBe('dispatch');
  });

  it('keeps at most ten previous keys, newest first', () => {
    let data: RunCommentData | undefined;
    for (let i = 0; i < 15; i++) {
      const key = dispatchKey({ repo: 'a/b', issue: 1, label: 'ralph', labelEventId: i });
      const decision = decideDispatch(data, key);
      expect(decision.kind).toBe('dispatch');
      data = stored(done(dispatched(key, (decision as { previousKeys: string[] }).previousKeys)));
    }
    expect(data!.previousKeys).toHaveLength(10);
    expect(data!.previousKeys[0]).toBe(dispatchKey({ repo: 'a/b', issue: 1, label: 'ralph', labelEventId: 13 }));
  });
});

describe('decideClaim', () => {
  it('lets only the writer whose key and nonce are in the oldest comment dispatch', () => {
    const winner = stored({ ...dispatched(K1), claim: 'replica-a' });
    expect(decideClaim(winner, K1, 'replica-a')).toBe('won');
    expect(decideClaim(winner, K1, 'replica-b')).toBe('lost');
    expect(decideClaim(winner, K2, 'replica-a')).toBe('lost');
    expect(decideClaim(undefined, K1, 'replica-a')).toBe('lost');
  });
});
