import { listDispatchedRuns } from '../github/list-workflow-runs.js';
import type { IssueSession } from '../issues/issue-session.js';

/**
 * The ralph run dispatched for this issue when GitHub did not name it at dispatch (an older
 * GitHub without `return_run_details`): the newest unfinished run of the workflow, started by
 * the App, whose title names the issue — the example workflow sets
 * `run-name: plangate ralph #<issue>`. Without such a title nothing is guessed.
 */
export async function findDispatchedRun(session: IssueSession, workflow: string): Promise<{ runId: number; runUrl: string } | undefined> {
  const runs = await listDispatchedRuns(session.octokit, { owner: session.target.owner, repo: session.target.repo, workflow });
  const names = new RegExp(`#${session.target.number}(?!\\d)`);
  const run = runs.find((r) => r.status !== 'completed' && (!r.actor || r.actor === session.botLogin) && names.test(r.displayTitle));
  return run && { runId: run.id, runUrl: run.htmlUrl };
}

/** The issue number a run's title names (`plangate ralph #12`), if any. */
export function issueNumberFromTitle(title: string | null | undefined): number | undefined {
  const match = /#(\d{1,9})(?!\d)/.exec(title ?? '');
  return match ? Number(match[1]) : undefined;
}
