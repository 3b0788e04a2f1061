import { getIssue, type IssueFacts } from '../github/get-issue.js';
import { getPullRequest } from '../github/get-pull-request.js';
import type { IssueSession } from '../issues/issue-session.js';
import { readIssueGateState } from '../issues/read-issue-gate-state.js';

/**
 * The gate a command is about: on an issue, the default branch (or its `Branch:`); on a pull
 * request, the PR's head. `planPath` is `/plangate approve <path>`'s plan.
 */
export async function gateForThread(
  session: IssueSession,
  input: { isPull: boolean; label: string; planPath?: string },
): Promise<{ facts: IssueFacts; state: Awaited<ReturnType<typeof readIssueGateState>> }> {
  const facts = await getIssue(session.octokit, session.issue);
  let pullHeadSha: string | undefined;
  if (input.isPull) {
    const pull = await getPullRequest(session.octokit, session.issue);
    pullHeadSha = pull.head.sha;
    facts.body = pull.body ?? '';
  }
  const state = await readIssueGateState(session, facts, {
    label: input.label,
    actorMayBypass: false,
    ...(input.planPath ? { planPath: input.planPath } : {}),
    ...(pullHeadSha ? { pullHeadSha } : {}),
  });
  return { facts, state };
}
