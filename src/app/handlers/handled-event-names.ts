/** The pull_request actions that can change the gate's verdict (docs/app.md). */
export const PULL_REQUEST_ACTIONS = ['opened', 'synchronize', 'reopened', 'ready_for_review', 'edited', 'labeled', 'unlabeled'] as const;

export const PULL_REQUEST_EVENTS = PULL_REQUEST_ACTIONS.map((action) => `pull_request.${action}` as const);
export const CHECK_RUN_EVENT = 'check_run.rerequested';
export const CHECK_SUITE_EVENT = 'check_suite.rerequested';
export const ISSUES_EVENT = 'issues.labeled';
export const ISSUE_COMMENT_EVENT = 'issue_comment.created';
export const WORKFLOW_RUN_EVENT = 'workflow_run.completed';

/**
 * Every event the App's handlers subscribe to (each handler registers its own from here). The web
 * role queues only these, and knows them without loading the handlers and what they evaluate
 * with: a web replica stays small (docs/deploy.md).
 */
export const HANDLED_EVENT_NAMES: readonly string[] = [
  ...PULL_REQUEST_EVENTS,
  CHECK_RUN_EVENT,
  CHECK_SUITE_EVENT,
  ISSUES_EVENT,
  ISSUE_COMMENT_EVENT,
  WORKFLOW_RUN_EVENT,
];
