/** What a label, command or workflow-run task reports (logged, and handed to `onIssueTask`). */
export interface IssueTaskOutcome {
  outcome: string;
  [field: string]: unknown;
}

export interface IssueTaskResult extends IssueTaskOutcome {
  deliveryId: string;
  event: string;
  repo: string;
  issue?: number;
}
