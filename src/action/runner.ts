import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import * as core from '@actions/core';
import { describeCommentFailure } from '../github/describe-comment-failure.js';
import { getTokenLogin } from '../github/get-token-login.js';
import type { OctokitLike } from '../github/octokit-like.js';
import { ACTION_COMMENT_MARKER, upsertStickyComment } from '../github/sticky-comment.js';
import { renderJson } from '../render/json.js';
import { nextStep } from '../render/next-step.js';
import { verdictLine } from '../render/verdict.js';
import { LIMITS, renderMarkdown, type MarkdownOptions } from '../render/markdown.js';
import { showControlCharactersByLine } from '../core/terminal-safe.js';
import { PLANGATE_VERSION } from '../version.js';
import { readActionInputs, type ActionInputs } from './inputs.js';
import { lazyOctokit } from './lazy-octokit.js';
import { readEventPayload, repositoryFromEnv } from './workflow-env.js';
import { runCheckMode, type CheckModeResult } from './main.js';

/** Reads inputs, runs the mode, writes outputs, annotations, summary and comment, sets the result. */
export async function run(): Promise<void> {
  try {
    const { inputs, errors } = readActionInputs((name) => core.getInput(name));
    if (inputs.token) core.setSecret(inputs.token);
    if (errors.length) {
      core.setFailed(`plangate: invalid inputs:\n${errors.join('\n')}`);
      return;
    }
    if (inputs.mode === 'ralph') {
      const { runRalphMode } = await import('./ralph-mode.js');
      await runRalphMode(inputs);
      return;
    }
    await runCheck(inputs);
  } catch (error) {
    core.setFailed(
      showControlCharactersByLine(`plangate: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    );
  }
}

async function runCheck(inputs: ActionInputs): Promise<void> {
  const octokit = inputs.token ? lazyOctokit(inputs.token) : undefined;
  const { owner, repo } = repositoryFromEnv();
  const result = await runCheckMode(inputs, {
    workspace: process.env.GITHUB_WORKSPACE ?? process.cwd(),
    eventName: process.env.GITHUB_EVENT_NAME ?? '',
    payload: readEventPayload(),
    token: inputs.token,
    ...repositoryPageFromEnv(),
  });
  result.notices.forEach((n) => core.notice(n));
  if (result.failure) {
    core.setOutput('gate', 'blocked');
    core.setFailed(showControlCharactersByLine(result.failure));
    return;
  }
  if (!result.report) {
    core.setOutput('gate', 'blocked');
    core.setFailed(`plangate: the config was rejected:\n${result.problems.map((p) => `  ${p}`).join('\n')}`);
    return;
  }
  const report = result.report;
  // Named, not core[a.kind]: a computed access keeps all of @actions/core in the bundle, OIDC client and undici included.
  const annotate = { error: core.error, warning: core.warning, notice: core.notice };
  for (const a of result.annotations) annotate[a.kind](a.message, a.properties);
  if (result.omittedAnnotations)
    core.notice(`plangate: ${result.omittedAnnotations} more finding(s) are in the job summary and the JSON report.`);
  if (result.unannotatedElsewhere)
    core.info(
      `plangate: ${result.unannotatedElsewhere} warning(s) and notice(s) on files this pull request does not change are not annotated; the job summary lists them (input annotations: all annotates them).`,
    );

  const tempDir = process.env.RUNNER_TEMP || tmpdir();
  const jsonPath = join(tempDir, 'plangate-report.json');
  writeFileSync(jsonPath, renderJson(report));
  core.setOutput('gate', report.gate);
  core.setOutput('errors', String(report.counts.error));
  core.setOutput('warnings', String(report.counts.warning));
  core.setOutput('findings-json', jsonPath);
  if (inputs.sarifFile) {
    const sarifPath = resolve(process.env.GITHUB_WORKSPACE ?? process.cwd(), inputs.sarifFile);
    mkdirSync(dirname(sarifPath), { recursive: true });
    // Loaded only when asked for: SARIF describes every scanner rule, which a run without it never loads.
    const { renderSarif } = await import('../render/sarif.js');
    writeFileSync(sarifPath, renderSarif(report, { toolVersion: PLANGATE_VERSION }));
    core.setOutput('sarif-file', sarifPath);
  }
  const view = {
    changedLines: result.changedLines,
    changeLabel: result.pullRequest ? 'this pull request' : 'this change',
    rerun: rerunCommand(),
  };
  const everything = `the JSON report (the \`findings-json\` output)${inputs.sarifFile ? ' and the SARIF file' : ''}`;
  await core.summary.addRaw(renderMarkdown(report, { maxLength: LIMITS.jobSummary - 1024, ...view, fullReport: everything }), true).write();
  if (inputs.comment) await postComment(result, octokit, owner, repo, view);

  // The last line says the verdict in the words of the summary, and what to do next.
  const verdict = `plangate: ${verdictLine(report)}`;
  if (result.exitCode === 1) {
    const next = nextStep(report, { rerun: view.rerun, changedLines: result.changedLines });
    core.setFailed(showControlCharactersByLine(next ? `${verdict}\nnext: ${next}` : verdict));
  } else core.info(verdict);
}

/** How a reader runs this check on their machine: against the pull request's base branch when there is one. */
function rerunCommand(): string {
  const base = process.env.GITHUB_BASE_REF;
  return base ? `plangate check --base origin/${base}` : 'plangate check';
}

/** The repository's web page on the runner's GitHub (github.com or an Enterprise Server), and the workflow's commit. */
function repositoryPageFromEnv(): { repositoryUrl?: string; sha?: string } {
  const server = process.env.GITHUB_SERVER_URL || 'https://github.com';
  const { GITHUB_REPOSITORY: repository, GITHUB_SHA: sha } = process.env;
  return { ...(repository ? { repositoryUrl: `${server.replace(/\/+$/, '')}/${repository}` } : {}), ...(sha ? { sha } : {}) };
}

/** The job summary of this run: where the comment sends a reader for every finding. */
function jobSummaryLink(): string {
  const server = process.env.GITHUB_SERVER_URL || 'https://github.com';
  const { GITHUB_REPOSITORY: repository, GITHUB_RUN_ID: runId } = process.env;
  return repository && runId && /^\d+$/.test(runId)
    ? `[the job summary](${server}/${repository}/actions/runs/${runId})`
    : 'the job summary';
}

async function postComment(
  result: CheckModeResult,
  octokit: OctokitLike | undefined,
  owner: string,
  repo: string,
  view: Partial<MarkdownOptions>,
): Promise<void> {
  const pr = result.pullRequest;
  if (!pr?.number) {
    core.notice('plangate: comment: true only applies to pull_request events; no comment was posted.');
    return;
  }
  if (!octokit) {
    core.notice('plangate: no github-token, so no PR comment was posted.');
    return;
  }
  if (pr.fromFork) {
    core.notice(
      'plangate: this pull request comes from a fork, whose token is read-only; no comment was posted (annotations, summary and the result still apply).',
    );
    return;
  }
  const body = renderMarkdown(result.report!, {
    ...view,
    maxLength: LIMITS.comment,
    header: ACTION_COMMENT_MARKER,
    fullReport: jobSummaryLink(),
  });
  try {
    // Only the token's own comment is ours: anyone can paste the marker into a comment of theirs.
    const authorLogin = await getTokenLogin(octokit);
    const target = { owner, repo, issueNumber: pr.number, marker: ACTION_COMMENT_MARKER, authorLogin };
    const outcome = await upsertStickyComment(octokit, target, body);
    core.info(`plangate: PR comment ${outcome.action} (#${outcome.commentId}).`);
  } catch (error) {
    // The comment repeats the result; it never decides it.
    core.warning(
      `plangate: the pull request comment was not posted: ${describeCommentFailure(error, 'pull request')}. The result does not depend on it: annotations, the job summary and the exit code stand.`,
    );
  }
}
