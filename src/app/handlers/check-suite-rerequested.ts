import type { Probot } from 'probot';
import { CHECK_SUITE_EVENT } from './handled-event-names.js';
import { targetFromCommitEvent } from '../pull-request/target-from-commit-event.js';
import type { AppRuntime } from '../runtime/app-runtime.js';
import { runEvaluation } from '../runtime/run-evaluation.js';

/** "Re-run all checks" on the App's check suite: evaluate the suite's head commit again. */
export function registerCheckSuiteRerequestedHandler(app: Probot, runtime: AppRuntime): void {
  app.on(CHECK_SUITE_EVENT, async (context) => {
    const suite = context.payload.check_suite;
    const target = targetFromCommitEvent('check_suite', context.id, context.payload, suite.head_sha, suite.pull_requests);
    await runEvaluation(runtime, context, target);
  });
}
