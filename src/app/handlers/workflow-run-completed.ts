import type { Probot } from 'probot';
import { WORKFLOW_RUN_EVENT } from './handled-event-names.js';
import { issueTargetOf } from '../issues/issue-target.js';
import type { AppRuntime } from '../runtime/app-runtime.js';
import { runIssueTask } from '../runtime/run-issue-task.js';
import { finishCompletedRun } from '../runs/finish-run.js';

interface WorkflowRunPayload {
  action: string;
  installation?: { id: number };
  repository: { name: string; owner: { login: string }; default_branch: string };
  workflow_run: { id: number; path?: string; event: string; conclusion: string | null; display_title?: string | null; html_url?: string };
  workflow?: { path?: string } | null;
}

/** A ralph run ended (docs/app.md, "End to end"). Only dispatched runs are looked at; other workflows cost nothing. */
export function registerWorkflowRunCompletedHandler(app: Probot, runtime: AppRuntime): void {
  app.on(WORKFLOW_RUN_EVENT, async (context) => {
    const payload = context.payload as unknown as WorkflowRunPayload;
    const run = payload.workflow_run;
    if (run.event !== 'workflow_dispatch') return;
    const path = run.path ?? payload.workflow?.path ?? '';
    const target = issueTargetOf('workflow_run', context.id, payload, 0);
    await runIssueTask(
      runtime,
      context,
      target,
      (session) =>
        finishCompletedRun(session, {
          id: run.id,
          path,
          event: run.event,
          conclusion: run.conclusion,
          ...(run.display_title !== undefined ? { displayTitle: run.display_title } : {}),
          ...(run.html_url ? { htmlUrl: run.html_url } : {}),
        }),
      { queueKey: `${target.installationId}:run:${run.id}` },
    );
  });
}
