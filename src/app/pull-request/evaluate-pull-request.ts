import { commentSealer } from '../../core/approval/comment-seal.js';
import { parseConfigText } from '../../core/config/parse-config-text.js';
import { plansSchema } from '../../core/config/schema.js';
import type { CheckContext } from '../../core/check-context.js';
import { parsePlanReference } from '../../core/plans/plan-reference.js';
import { changedLinesFromListing } from '../../core/diff-hunks.js';
import { LIMITS, renderMarkdown } from '../../render/markdown.js';
import { listChangedFiles } from '../../sources/github/list-changed-files.js';
import { listChangedPaths } from '../../sources/github/list-changed-paths.js';
import type { AppOctokit } from '../github/app-octokit.js';
import type { AppIdentity } from '../github/get-app-identity.js';
import { getBranchHead } from '../github/get-branch-head.js';
import { getPullRequest } from '../github/get-pull-request.js';
import { listIssueComments } from '../../github/list-issue-comments.js';
import { approvalSection } from '../approval/approval-section.js';
import { GATE_COMMENT_MARKER, upsertStickyComment } from '../../github/sticky-comment.js';
import type { AppRuntime } from '../runtime/app-runtime.js';
import { describeFailure } from '../runtime/describe-failure.js';
import { loadAppliedLabels, type RefusedExemptLabel } from './applied-labels.js';
import { planAnnotations } from './check-run-annotations.js';
import { configProblemsOutcome, failureOutcome, reportOutcome } from './check-run-outcome.js';
import { CheckRunWriter } from './check-run-writer.js';
import { classifyFailure } from './evaluation-failure.js';
import { loadConfigSource, type ConfigSource } from './load-config-source.js';
import { evaluateOpened, openCommitEvaluation, type ReadyEvaluation } from './open-commit-evaluation.js';
import type { PullRequestTarget } from './pull-request-target.js';
import type { EvaluationResult } from './evaluation-result.js';
import { refuseExemptLabels } from './refuse-exempt-labels.js';

export interface EvaluationDeps {
  octokit: AppOctokit;
  identity: AppIdentity;
  runtime: AppRuntime;
  log: { info(o: object, m?: string): void; warn(o: object, m?: string): void; error(o: object, m?: string): void };
}

/**
 * docs/app.md for one commit: config from the default branch, head and base trees through the
 * API, the same `evaluate` as the CLI, then one check run and one sticky comment. Any failure
 * ends as a `failure` check run naming it (fail closed: `neutral` passes a required check; only
 * an outage with `app.onError: neutral` is neutral); the run is never left `in_progress`.
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
    const { context, refusedLabels } = await loadCheckContext(octokit, target, opened);
    const planRef = parsePlanReference(target.body).plan;
    const needsTime = !deps.runtime.commitTimes.get(target.headSha) && config.enabledChecks.includes('tasks');
    const readTime = async () => {
      const time = needsTime ? await opened.head.committedDate() : deps.runtime.commitTimes.get(target.headSha);
      if (!time) return;
      deps.runtime.commitTimes.set(target.headSha, time);
      context.now = time;
    };
    const result = await evaluateOpened(opened, { context, planRef, beside: readTime });
    if (!result.ok) {
      await checkRun.complete(configProblemsOutcome(result.problems, source.file));
      return { kind: 'config-problems', problems: result.problems, checkRunId: checkRun.checkRunId! };
    }
    const report = result.report;
    const { annotations, omitted } = planAnnotations(report.findings, deps.runtime.annotationCap);
    const outcome = reportOutcome(report, config, { omittedAnnotations: omitted, changedLines: context.changedLines });
    await checkRun.complete(outcome, annotations);
    const evaluated: EvaluationResult = { kind: 'evaluated', conclusion: outcome.conclusion, report, checkRunId: checkRun.checkRunId! };
    if (target.number && refusedLabels.length) {
      // The verdict is published (without the refused labels); a failure here is logged.
      try {
        await refuseExemptLabels(deps, { ...target, number: target.number }, refusedLabels);
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
        const comments = await listIssueComments(octokit, { owner: target.owner, repo: target.repo, number: target.number });
        const keys = deps.runtime.sealKeys;
        const sealer = keys.length ? commentSealer(keys, { repo: `${target.owner}/${target.repo}`, issue: target.number }) : undefined;
        const extraSections = await approvalSection(octokit, {
          owner: target.owner,
          repo: target.repo,
          comments,
          botLogin: identity.botLogin,
          gate: report.details.plans,
          config,
          sealer,
        });
        const fullReport = `[the plangate check run](${opened.sourceLinks.repositoryUrl}/runs/${checkRun.checkRunId})`;
        const body = renderMarkdown(report, {
          maxLength: LIMITS.comment,
          header: GATE_COMMENT_MARKER,
          extraSections,
          changedLines: context.changedLines,
          changeLabel: 'this pull request',
          fullReport,
        });
        evaluated.comment = await upsertStickyComment(
          octokit,
          {
            owner: target.owner,
            repo: target.repo,
            issueNumber: target.number,
            marker: GATE_COMMENT_MARKER,
            authorLogin: identity.botLogin,
          },
          body,
          comments,
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
 * PR body, labels (exempt ones only when an approver added them, with who) and, when the config
 * needs them, changed files and lines; and the exempt labels that do not count.
 */
async function loadCheckContext(
  octokit: AppOctokit,
  target: PullRequestTarget,
  opened: ReadyEvaluation,
): Promise<{ context: CheckContext; refusedLabels: RefusedExemptLabel[] }> {
  const { config } = opened;
  const applied = await loadAppliedLabels(octokit, target, config);
  const context: CheckContext = { labels: applied.labels };
  if (target.body !== undefined) context.prBody = target.body;
  const needsPaths = config.plans.require === 'when-changed' || config.plans.mustChangeInPr;
  if (config.failScope === 'changed' && target.number) {
    // Changed lines need the patches: the PR files listing (one request per 100 files).
    const changes = await listChangedFiles({ octokit, owner: target.owner, repo: target.repo, pullNumber: target.number });
    context.changedFiles = changes.paths;
    const changedLines = changedLinesFromListing(changes.files, changes.complete);
    if (changedLines) context.changedLines = changedLines;
  } else if (needsPaths && target.number && target.baseSha) {
    context.changedFiles = await listChangedPaths({
      octokit,
      owner: target.owner,
      repo: target.repo,
      base: target.baseSha,
      head: target.headSha,
      headEntries: opened.head.entries(),
      known: { commitSha: opened.base.commitSha, entries: opened.base.entries() },
    });
  }
  return { context, refusedLabels: applied.refused };
}
