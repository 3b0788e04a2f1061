import type { Context } from 'probot';
import type { AppOctokit } from '../github/app-octokit.js';
import { IssueSession, type IssueTarget } from '../issues/issue-session.js';
import { issueQueueKey } from '../queue/target-key-of.js';
import type { AppRuntime } from './app-runtime.js';
import type { IssueTaskOutcome, IssueTaskResult } from './issue-task-result.js';
import { describeFailure } from './describe-failure.js';
import { installRequestPolicy } from './request-policy.js';

/**
 * Runs one issue-side task for a delivery: the bounded retry policy and a request counter on
 * the event's Octokit, one task at a time per issue in this process (the same queue as the PR
 * flow: a PR is an issue), and one structured log line when it is done. A failure is logged
 * and reported as `failed`; it never crashes the process.
 */
export async function runIssueTask(
  runtime: AppRuntime,
  context: Context,
  target: IssueTarget,
  task: (session: IssueSession) => Promise<IssueTaskOutcome>,
  options: { queueKey?: string } = {},
): Promise<IssueTaskResult> {
  const octokit = context.octokit as unknown as AppOctokit;
  const stats = installRequestPolicy(octokit, runtime.retry);
  const event = target.trigger.action ? `${target.trigger.event}.${target.trigger.action}` : target.trigger.event;
  const repo = `${target.owner}/${target.repo}`;
  const log = context.log.child({ deliveryId: target.trigger.deliveryId, event, repo, ...(target.number ? { issue: target.number } : {}) });
  const key = options.queueKey ?? issueQueueKey(target.installationId, target.owner, target.repo, target.number);
  return runtime.queue.run(key, async () => {
    const started = performance.now();
    let outcome: IssueTaskOutcome;
    try {
      const identity = await runtime.identity();
      outcome = await task(new IssueSession({ octokit, identity, runtime, log }, target));
    } catch (error) {
      const failure = describeFailure(error);
      log.error({ err: error, failure }, 'plangate: the task failed');
      outcome = { outcome: 'failed', failure };
    }
    const result: IssueTaskResult = {
      ...outcome,
      deliveryId: target.trigger.deliveryId,
      event,
      repo,
      ...(target.number ? { issue: target.number } : {}),
    };
    log.info(
      { ...outcome, durationMs: Math.round(performance.now() - started), apiRequests: stats.requests, retries: stats.retries },
      `plangate: ${outcome.outcome}`,
    );
    runtime.options.metrics?.issueTasks.inc({ event, outcome: outcome.outcome });
    runtime.options.onIssueTask?.(result);
    return result;
  });
}
