import type { Probot } from 'probot';
import { ISSUES_EVENT } from './handled-event-names.js';
import { handleLabelAdded } from '../issues/handle-label-added.js';
import { issueTargetOf } from '../issues/issue-target.js';
import type { AppRuntime } from '../runtime/app-runtime.js';
import { runIssueTask } from '../runtime/run-issue-task.js';

interface LabeledPayload {
  action: string;
  installation?: { id: number };
  repository: { name: string; owner: { login: string }; default_branch: string };
  issue: { number: number; updated_at: string };
  label?: { name: string };
  sender: { login: string; type?: string };
}

/** An execution label (`ralph`, `autopilot`, `ultrawork`, `team`) or the cancel label on an issue (docs/app.md, "Label-driven ralph runs"). */
export function registerIssuesLabeledHandler(app: Probot, runtime: AppRuntime): void {
  app.on(ISSUES_EVENT, async (context) => {
    const payload = context.payload as unknown as LabeledPayload;
    const label = payload.label?.name;
    if (!label) return;
    const target = issueTargetOf('issues', context.id, payload, payload.issue.number);
    await runIssueTask(runtime, context, target, (session) =>
      handleLabelAdded(session, {
        label,
        sender: { login: payload.sender.login, type: payload.sender.type ?? null },
        issueUpdatedAt: payload.issue.updated_at,
      }),
    );
  });
}
