import type { ApplicationFunction, Probot } from 'probot';
import { registerCheckRunRerequestedHandler } from './handlers/check-run-rerequested.js';
import { registerCheckSuiteRerequestedHandler } from './handlers/check-suite-rerequested.js';
import { registerIssueCommentCreatedHandler } from './handlers/issue-comment-created.js';
import { registerIssuesLabeledHandler } from './handlers/issues-labeled.js';
import { registerPullRequestHandler } from './handlers/pull-request.js';
import { registerWorkflowRunCompletedHandler } from './handlers/workflow-run-completed.js';
import { AppRuntime, type PlangateAppOptions } from './runtime/app-runtime.js';

export type { PlangateAppOptions } from './runtime/app-runtime.js';
export type { EvaluationResult } from './pull-request/evaluation-result.js';
export type { IssueTaskResult } from './runtime/issue-task-result.js';

/** The plangate Probot App with options (tests and benchmarks scale retry waits, observe results). */
export function createPlangateApp(options: PlangateAppOptions = {}): ApplicationFunction {
  return (app: Probot) => {
    const runtime = new AppRuntime(app, options);
    registerPullRequestHandler(app, runtime);
    registerCheckRunRerequestedHandler(app, runtime);
    registerCheckSuiteRerequestedHandler(app, runtime);
    registerIssuesLabeledHandler(app, runtime);
    registerIssueCommentCreatedHandler(app, runtime);
    registerWorkflowRunCompletedHandler(app, runtime);
  };
}

/** `probot run ./lib/app/index.js` loads this. */
export default createPlangateApp();
