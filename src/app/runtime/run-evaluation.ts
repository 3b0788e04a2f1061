import type { Context } from 'probot';
import type { AppOctokit } from '../github/app-octokit.js';
import { evaluatePullRequest } from '../pull-request/evaluate-pull-request.js';
import type { EvaluationResult } from '../pull-request/evaluation-result.js';
import { headQueueKeyOf, queueKeyOf, type PullRequestTarget } from '../pull-request/pull-request-target.js';
import type { AppRuntime } from './app-runtime.js';
import { installRequestPolicy } from './request-policy.js';

/**
 * Runs one evaluation for a delivery: the bounded retry policy and a request counter on the
 * event's Octokit, one evaluation at a time per PR and per head commit in this process (pull
 * requests sharing a head share its check run), and one structured log line (delivery, repo,
 * PR, duration, API requests) when it is done.
 */
export async function runEvaluation(runtime: AppRuntime, context: Context, target: PullRequestTarget): Promise<EvaluationResult> {
  const octokit = context.octokit as unknown as AppOctokit;
  const stats = installRequestPolicy(octokit, runtime.retry);
  const log = context.log.child({
    deliveryId: target.trigger.deliveryId,
    event: target.trigger.action ? `${target.trigger.event}.${target.trigger.action}` : target.trigger.event,
    repo: `${target.owner}/${target.repo}`,
    pr: target.number,
    headSha: target.headSha,
  });
  const pullKey = queueKeyOf(target);
  const headKey = headQueueKeyOf(target);
  // The head key is only ever taken inside a pull request's turn, never the other way round.
  const inTurn = <T>(task: () => Promise<T>) =>
    runtime.queue.run(pullKey, pullKey === headKey ? task : () => runtime.queue.run(headKey, task));
  return inTurn(async () => {
    const started = performance.now();
    const identity = await runtime.identity();
    const result = await evaluatePullRequest(target, { octokit, identity, runtime, log });
    const fields = {
      outcome: result.kind,
      ...(result.kind === 'evaluated'
        ? {
            conclusion: result.conclusion,
            ...(result.pulls && result.pulls.length > 1 ? { pulls: result.pulls } : {}),
            gate: result.report.gate,
            findings: result.report.findings.length,
            comment: result.comment?.action,
          }
        : {}),
      ...(result.kind === 'skipped' ? { reason: result.reason } : {}),
      ...(result.kind === 'failed' ? { failure: result.description } : {}),
      ...('checkRunId' in result ? { checkRunId: result.checkRunId } : {}),
      durationMs: Math.round(performance.now() - started),
      apiRequests: stats.requests,
      retries: stats.retries,
    };
    log.info(fields, `plangate: ${result.kind}`);
    const conclusion = result.kind === 'evaluated' ? result.conclusion : result.kind;
    runtime.options.metrics?.evaluations.inc({ conclusion });
    runtime.options.metrics?.evaluationSeconds.observe({ conclusion }, fields.durationMs / 1000);
    runtime.options.onEvaluation?.(result, target);
    return result;
  });
}
