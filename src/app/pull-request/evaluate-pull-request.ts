import { parseConfigText } from '../../core/config/parse-config-text.js';
import { plansSchema } from '../../core/config/schema.js';
import type { CheckContext } from '../../core/check-context.js';
import type { AppOctokit } from '../github/app-octokit.js';
import type { AppIdentity } from '../github/get-app-identity.js';
import { getBranchHead } from '../github/get-branch-head.js';
import { getPullRequest } from '../github/get-pull-request.js';
import type { AppRuntime } from '../runtime/app-runtime.js';
import { describeFailure } from '../runtime/describe-failure.js';
import { planAnnotations } from './check-run-annotations.js';
import { configProblemsOutcome, failureOutcome, reportOutcome } from './check-run-outcome.js';
import { CheckRunWriter } from './check-run-writer.js';
import { classifyFailure } from './evaluation-failure.js';
import type { EvaluationResult } from './evaluation-result.js';
import { waiversMarker } from './head-waivers.js';
import { headTitle, pullsSection, sharedHeadNote, worstPull } from './head-verdict.js';
import { judgeHeadCommit } from './judge-head-commit.js';
import { judgePullRequest } from './judge-pull-request.js';
import { loadConfigSource, type ConfigSource } from './load-config-source.js';
import { openCommitEvaluation } from './open-commit-evaluation.js';
import type { PullRequestTarget } from './pull-request-target.js';
import { refuseExemptLabels } from './refuse-exempt-labels.js';
import { writeGateComment } from './write-gate-comment.js';

export interface EvaluationDeps {
  octokit: AppOctokit;
  identity: AppIdentity;
  runtime: AppRuntime;
  log: { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };
}

/**
 * docs/app.md for one head commit: config from the default branch, head and base trees through
 * the API, the same `evaluate` as the CLI for every open pull request whose head it is (each with
 * its own base, body and labels), then one check run showing the worst of their verdicts and the
 * event's pull request's sticky comment. Any failure ends as a `failure` check run naming it (fail
 * closed: `neutral` passes a required check; only an outage with `app.onError: neutral` is
 * neutral); the run is never left `in_progress`.
 */
export async function evaluatePullRequest(target: PullRequestTarget, deps: EvaluationDeps): Promise<EvaluationResult> {
  const { octokit, identity } = deps;
  const checkRun = new CheckRunWriter(octokit, { owner: target.owner, repo: target.repo, headSha: target.headSha, appId: identity.id });
  // Known once the config is read: until then an outage fails the check too.
  let onError: 'fail' | 'neutral' = 'fail';
  try {
    await completePullRequestFacts(octokit, target);
    const baseSha = await defaultBranchCommit(octokit, target);
    const source = await loadConfigSource(octokit, {
      owner: target.owner,
      repo: target.repo,
      ref: baseSha,
      refLabel: `${target.defaultBranch} (${baseSha.slice(0, 7)})`,
    });
    if (target.labelChange && !exemptLabelsOf(source).includes(target.labelChange.name)) {
      return { kind: 'skipped', reason: `label ${target.labelChange.name} is not an exempt label` };
    }
    if (source.kind === 'problems') {
      await checkRun.complete(configProblemsOutcome(source.problems, source.file));
      return { kind: 'config-problems', problems: source.problems, checkRunId: checkRun.checkRunId! };
    }

    const opened = await openCommitEvaluation(octokit, deps.runtime.blobCache, {
      owner: target.owner,
      repo: target.repo,
      headSha: target.headSha,
      baseSha,
      source,
    });
    if (opened.kind === 'skipped') return { kind: 'skipped', reason: opened.reason };
    if (opened.kind === 'problems') {
      await checkRun.complete(configProblemsOutcome(opened.problems, opened.file));
      return { kind: 'config-problems', problems: opened.problems, checkRunId: checkRun.checkRunId! };
    }
    const config = opened.config;
    onError = config.app.onError;

    await checkRun.start();
    const head = await judgeHeadCommit(octokit, target, (pull) =>
      judgePullRequest(pull, {
        octokit,
        opened,
        trigger: target,
        recorded: checkRun.recordedWaivers,
        readCommitTime: commitTimeReader(deps.runtime, target.headSha, config.enabledChecks.includes('tasks'), opened.head),
      }),
    );
    if (!head.ok) {
      await checkRun.complete(configProblemsOutcome(head.problems, source.file));
      return { kind: 'config-problems', problems: head.problems, checkRunId: checkRun.checkRunId! };
    }

    const shown = worstPull(head.pulls, target);
    const waivers = head.pulls.flatMap((j) => j.waivers);
    checkRun.recordWaivers(waivers);
    const { annotations, omitted } = planAnnotations(shown.report.findings, deps.runtime.annotationCap);
    const outcome = reportOutcome(shown.report, config, {
      omittedAnnotations: omitted,
      header: waiversMarker(waivers),
      extraSections: [pullsSection(head.pulls, shown), ...shown.notes],
      ...(shown.changedLines ? { changedLines: shown.changedLines } : {}),
    });
    outcome.title = headTitle(outcome.title, head.pulls, shown);
    await checkRun.complete(outcome, annotations);

    // The event's pull request: its own report in its comment (the check shows the worst of all).
    const own = head.pulls.find((j) => target.number !== undefined && j.pull.number === target.number) ?? shown;
    const evaluated: EvaluationResult = {
      kind: 'evaluated',
      conclusion: outcome.conclusion,
      report: own.report,
      checkRunId: checkRun.checkRunId!,
      pulls: head.pulls.map((j) => ({ number: j.pull.number, base: j.pull.baseRef, conclusion: j.conclusion })),
    };
    if (target.number && own.refused.length) {
      // The verdict is published (without the refused labels); a failure here is logged.
      try {
        await refuseExemptLabels(deps, { ...target, number: target.number }, own.refused);
      } catch (error) {
        deps.log.error(
          { err: error, failure: describeFailure(error) },
          'plangate: a refused exempt label could not be removed or answered',
        );
      }
    }
    if (target.number) {
      // The verdict is published; a comment failure is logged, never turned into a neutral check.
      try {
        evaluated.comment = await writeGateComment(
          { octokit, identity, sealKeys: deps.runtime.sealKeys },
          { owner: target.owner, repo: target.repo, number: target.number, headSha: target.headSha },
          {
            report: own.report,
            config,
            checkRunId: checkRun.checkRunId,
            repositoryUrl: opened.sourceLinks.repositoryUrl,
            notes: [sharedHeadNote(own, shown), ...own.notes],
            ...(own.changedLines ? { changedLines: own.changedLines } : {}),
          },
        );
      } catch (error) {
        evaluated.commentError = describeFailure(error);
        deps.log.error({ err: error, failure: evaluated.commentError }, 'plangate: the gate comment could not be written');
      }
    }
    return evaluated;
  } catch (error) {
    const failure = classifyFailure(error);
    const outcome = failureOutcome(failure, onError);
    deps.log.warn(
      { err: error, failure: failure.description, conclusion: outcome.conclusion },
      `plangate: evaluation failed; publishing a ${outcome.conclusion} check run`,
    );
    await checkRun.fail(outcome);
    return { kind: 'failed', description: failure.description, conclusion: outcome.conclusion, checkRunId: checkRun.checkRunId };
  } finally {
    if (checkRun.leftInProgress)
      await checkRun.fail(
        failureOutcome({
          outage: false,
          description: 'the evaluation stopped before it finished',
          reason: 'the evaluation stopped before it finished',
        }),
      );
  }
}

/** Body, labels and base of the PR when the event did not carry them (check_run / check_suite). */
async function completePullRequestFacts(octokit: AppOctokit, target: PullRequestTarget): Promise<void> {
  if (!target.number || target.body !== undefined) return;
  const pr = await getPullRequest(octokit, { owner: target.owner, repo: target.repo, number: target.number });
  target.body = pr.body ?? '';
  target.labels = pr.labels.map((l) => l.name);
  target.baseSha = pr.base.sha;
  target.baseRef = pr.base.ref;
}

/** Config and suppressions come from the default branch: the PR's base SHA when that is the default branch. */
async function defaultBranchCommit(octokit: AppOctokit, target: PullRequestTarget): Promise<string> {
  if (target.baseSha && target.baseRef === target.defaultBranch) return target.baseSha;
  return getBranchHead(octokit, { owner: target.owner, repo: target.repo, branch: target.defaultBranch });
}

/** Exempt labels from the config text alone (presets never set them), to skip irrelevant label events early. */
function exemptLabelsOf(source: ConfigSource): string[] {
  const fallback = plansSchema.parse({}).exemptLabels;
  if (source.kind !== 'text') return fallback;
  const raw = parseConfigText(source.text, source.file).raw as { plans?: { exemptLabels?: unknown } } | undefined;
  const labels = raw?.plans?.exemptLabels;
  return Array.isArray(labels) && labels.every((l) => typeof l === 'string') ? labels : fallback;
}

/**
 * Sets a check context's `now` to the commit's time, which only the tasks check reads: asked of
 * GitHub once (beside the first prefetch) and cached by SHA for every later evaluation.
 */
function commitTimeReader(
  runtime: AppRuntime,
  headSha: string,
  needed: boolean,
  head: { committedDate(): Promise<Date> },
): (context: CheckContext) => Promise<void> {
  let asked: Promise<Date> | undefined;
  return async (context) => {
    const cached = runtime.commitTimes.get(headSha);
    const time = cached ?? (needed ? await (asked ??= head.committedDate()) : undefined);
    if (!time) return;
    runtime.commitTimes.set(headSha, time);
    context.now = time;
  };
}
