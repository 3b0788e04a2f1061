import { getIssue } from '../github/get-issue.js';
import { removeLabel } from '../github/remove-label.js';
import { cancelRun, type CancelRunResult } from '../runs/cancel-run.js';
import type { IssueSession, RunSettings } from './issue-session.js';

/**
 * Cancel (docs/approval.md, "Labels"): the run in flight is cancelled and the execution labels go; so
 * does the `cancel` label — it is an action, not a state, so it would otherwise block the next
 * `ralph` label ("cancel always wins" in the keyword gate).
 */
export async function cancelAndClean(session: IssueSession, settings: RunSettings): Promise<CancelRunResult & { removedLabels: string[] }> {
  const result = await cancelRun(session, settings);
  const { labels } = settings.ralph;
  const drop = new Set([...labels.run, ...labels.team, labels.cancel].map((l) => l.toLowerCase()));
  const issue = await getIssue(session.octokit, session.issue);
  const removedLabels: string[] = [];
  for (const label of issue.labels) {
    if (drop.has(label.toLowerCase()) && (await removeLabel(session.octokit, session.issue, label))) removedLabels.push(label);
  }
  return { ...result, removedLabels };
}
