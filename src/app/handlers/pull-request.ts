import type { Probot } from 'probot';
import { PULL_REQUEST_EVENTS } from './handled-event-names.js';
import { parsePlanReference } from '../../core/plans/plan-reference.js';
import { targetFromPullRequestEvent } from '../pull-request/pull-request-target.js';
import type { AppRuntime } from '../runtime/app-runtime.js';
import { runEvaluation } from '../runtime/run-evaluation.js';

type Payload = Parameters<typeof targetFromPullRequestEvent>[1] & {
  changes?: { body?: { from?: string | null }; base?: { ref?: { from?: string } } };
};

/**
 * Evaluates the PR's head commit; an edit counts only when it changed the body's `Plan:` line or
 * the base branch (a retarget changes the files the pull request changes, so its verdict).
 */
export function registerPullRequestHandler(app: Probot, runtime: AppRuntime): void {
  app.on(PULL_REQUEST_EVENTS, async (context) => {
    const payload = context.payload as unknown as Payload;
    if (payload.action === 'edited' && !planLineChanged(payload) && !payload.changes?.base) return;
    await runEvaluation(runtime, context, targetFromPullRequestEvent(context.id, payload));
  });
}

function planLineChanged(payload: Payload): boolean {
  const before = payload.changes?.body;
  if (!before) return false;
  return parsePlanReference(before.from ?? '').plan !== parsePlanReference(payload.pull_request.body ?? '').plan;
}
