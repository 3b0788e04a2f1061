import type { Probot } from 'probot';
import { CHECK_RUN_EVENT } from './handled-event-names.js';
import { CHECK_RUN_NAME } from '../pull-request/check-run-writer.js';
import { targetFromCommitEvent } from '../pull-request/target-from-commit-event.js';
import type { AppRuntime } from '../runtime/app-runtime.js';
import { runEvaluation } from '../runtime/run-evaluation.js';

/** "Re-run" on the `plangate` check run: evaluate its commit again, into the same run. */
export function registerCheckRunRerequestedHandler(app: Probot, runtime: AppRuntime): void {
  app.on(CHECK_RUN_EVENT, async (context) => {
    const run = context.payload.check_run;
    if (run.name !== CHECK_RUN_NAME) return;
    const target = targetFromCommitEvent('check_run', context.id, context.payload, run.head_sha, run.pull_requests);
    await runEvaluation(runtime, context, target);
  });
}
