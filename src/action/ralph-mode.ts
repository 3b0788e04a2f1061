import { tmpdir } from 'node:os';
import { posix, resolve } from 'node:path';
import * as core from '@actions/core';
import * as github from '@actions/github';
import { RALPH_RESULT_FILE_NAME } from '../core/ralph/parse-ralph-result.js';
import { parsePlanPins } from '../core/ralph/plan-pins.js';
import { parseWholeLimit } from '../core/ralph/ralph-limits.js';
import type { RalphResult } from '../core/ralph/ralph-result.js';
import type { RalphState } from '../core/ralph/ralph-state.js';
import { renderRunMarkdown } from '../core/ralph/render-run-markdown.js';
import { safeLogLine } from '../core/terminal-safe.js';
import { createPullRequest } from '../github/create-pull-request.js';
import { getFileContent } from '../github/get-file-content.js';
import type { OctokitLike, OctokitRequester } from '../github/octokit-like.js';
import { LIMITS } from '../render/markdown.js';
import type { RalphConfigText } from '../ralph/load-ralph-config.js';
import { replaceFile } from '../ralph/no-follow-files.js';
import { RunCommentReporter } from '../ralph/run-comment-reporter.js';
import { runRalph, type RalphPublishOptions } from '../ralph/run-ralph.js';
import type { ActionInputs } from './inputs.js';

interface DispatchPayload {
  inputs?: Record<string, unknown>;
  repository?: { default_branch?: string };
}

/**
 * `mode: ralph`: the ralph runner (`runRalph`, as the CLI runs it) on the checkout, with the
 * issue's run comment and the job summary updated after every step, plangate-ralph-result.json
 * written, outputs set and, with `open-pr`, the verified work proposed as a pull request.
 */
export async function runRalphMode(inputs: ActionInputs): Promise<void> {
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const payload = github.context.payload as DispatchPayload;
  const dispatched = payload.inputs ?? {};
  const issue = inputs.ralph.issue ?? wholeNumber(dispatched.issue);
  const { owner, repo } = github.context.repo;
  const octokit = inputs.token ? (github.getOctokit(inputs.token) as unknown as OctokitLike) : undefined;
  const serverUrl = process.env.GITHUB_SERVER_URL || 'https://github.com';
  const runUrl = process.env.GITHUB_RUN_ID ? `${serverUrl}/${owner}/${repo}/actions/runs/${process.env.GITHUB_RUN_ID}` : undefined;
  // What the App approved: the event's inputs unless the workflow passes its own.
  const pinned = parsePlanPins({
    commit: inputs.ralph.commit ?? text(dispatched.commit),
    prdSha: inputs.ralph.prdSha ?? text(dispatched['prd-sha']),
    testSpec: inputs.ralph.testSpec ?? text(dispatched['test-spec']),
    testSpecSha: inputs.ralph.testSpecSha ?? text(dispatched['test-spec-sha']),
    storiesSha: inputs.ralph.storiesSha ?? text(dispatched['stories-sha']),
  });
  const commit = pinned.ok ? pinned.pins.commit : undefined;
  // The App's account: the run comment it posted at dispatch is the one to update (no look-alike is).
  const appLogin = inputs.ralph.appLogin ?? text(dispatched['app-login']);
  const commentReporter =
    octokit && issue
      ? new RunCommentReporter(
          octokit,
          { owner, repo, issue },
          { runUrl, ...(commit ? { commit } : {}), ...(appLogin ? { appLogin } : {}), warn: (m) => warn(m) },
        )
      : undefined;
  const report = async (state: RalphState, prUrl?: string) => {
    await commentReporter?.update(state, prUrl);
    await core.summary
      .addRaw(renderRunMarkdown({ state, issue, runUrl, prUrl, commit, maxLength: LIMITS.jobSummary - 1024 }), true)
      .write({ overwrite: true });
  };
  const failBeforeStart = async (message: string) => {
    await commentReporter?.fail(message);
    finish({ outcome: 'failed', iterations: 0, stories: [], runId: '', maxIterations: 0, plan: '', reason: message }, issue, workspace);
  };

  if (!pinned.ok) return failBeforeStart(`the approved plan's pins are malformed:\n${pinned.problems.join('\n')}`);
  const config = await defaultBranchConfig(inputs, pinned.pins.commit, octokit, { owner, repo });
  if (!config.ok) return failBeforeStart(config.problem);
  let maxIterations = inputs.ralph.maxIterations;
  const dispatchedMax = text(dispatched['max-iterations']);
  if (maxIterations === undefined && dispatchedMax !== undefined) {
    const parsed = parseWholeLimit('the workflow_dispatch input max-iterations', dispatchedMax);
    if (!parsed.ok) return failBeforeStart(parsed.message);
    maxIterations = parsed.value;
  }
  if (inputs.ralph.openPr && !octokit) core.info('plangate ralph: open-pr needs github-token; no pull request will be opened');

  const outcome = await runRalph({
    workdir: resolve(workspace, inputs.workingDirectory),
    configFile: inputs.config,
    ...(config.text ? { configText: config.text } : {}),
    plan: inputs.ralph.plan ?? text(dispatched.plan),
    pins: pinned.pins,
    agent: inputs.ralph.agent,
    verify: inputs.ralph.verify,
    maxIterations,
    maxStoryAttempts: inputs.ralph.maxStoryAttempts,
    timeoutMinutes: inputs.ralph.timeoutMinutes,
    passEnv: inputs.ralph.passEnv,
    env: process.env,
    publish:
      inputs.ralph.openPr && octokit
        ? publishing(octokit, { owner, repo, issue, serverUrl, runUrl, token: inputs.token, payload })
        : undefined,
    reporter: {
      info: (line) => core.info(safeLogLine(line)),
      warn: (line) => warn(line),
      progress: (progress) => report(progress.state),
    },
  });
  if (outcome.kind === 'not-started') return failBeforeStart(`${outcome.headline}:\n${outcome.problems.join('\n')}`);
  await report(outcome.state, outcome.prUrl);
  finish(outcome.result, issue, workspace);
}

/**
 * A run pinned to a commit other than the one the workflow runs on (an issue's `Branch:`, checked
 * out by the example workflow) reads its config at the workflow's commit — the default branch the
 * App dispatched on, as the App itself did — never the plan branch's, which could replace the
 * approved test spec's commands (`ralph.verify`) or widen `ralph.passEnv`.
 */
async function defaultBranchConfig(
  inputs: ActionInputs,
  commit: string | undefined,
  octokit: OctokitRequester | undefined,
  target: { owner: string; repo: string },
): Promise<{ ok: true; text?: RalphConfigText } | { ok: false; problem: string }> {
  const runsOn = process.env.GITHUB_SHA?.trim().toLowerCase();
  if (!commit || !runsOn || runsOn === commit) return { ok: true };
  const path = posix.normalize(posix.join(inputs.workingDirectory, inputs.config));
  if (path.startsWith('../') || posix.isAbsolute(path)) return { ok: false, problem: `the config path ${path} is outside the repository` };
  if (!octokit)
    return {
      ok: false,
      problem: `the run is pinned to ${commit} but the workflow runs on ${runsOn}: its config is read there, which needs github-token`,
    };
  try {
    const text = await getFileContent(octokit, target.owner, target.repo, path, runsOn);
    core.info(`plangate ralph: config ${path} read at ${runsOn} (the commit this workflow runs on), not at the pinned commit`);
    return { ok: true, text: { text: text ?? undefined } };
  } catch (error) {
    return {
      ok: false,
      problem: `the config ${path} could not be read at ${runsOn}: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

function publishing(
  octokit: OctokitRequester,
  ctx: { owner: string; repo: string; issue?: number; serverUrl: string; runUrl?: string; token?: string; payload: DispatchPayload },
): RalphPublishOptions {
  let defaultBranch = ctx.payload.repository?.default_branch;
  return {
    issue: ctx.issue,
    serverUrl: ctx.serverUrl,
    runUrl: ctx.runUrl,
    token: ctx.token,
    defaultBranch: async () => {
      defaultBranch ??= (
        await octokit.request<{ default_branch: string }>('GET /repos/{owner}/{repo}', { owner: ctx.owner, repo: ctx.repo })
      ).data.default_branch;
      return defaultBranch;
    },
    get blobUrl() {
      return defaultBranch ? `${ctx.serverUrl}/${ctx.owner}/${ctx.repo}/blob/${defaultBranch}/` : undefined;
    },
    openPullRequest: async (pr) => {
      const opened = await createPullRequest(octokit, { owner: ctx.owner, repo: ctx.repo, ...pr });
      core.info(`plangate ralph: pull request ${opened.created ? 'opened' : 'already open'}`);
      return opened.html_url;
    },
  };
}

/** Warnings name repository content: one line, control characters shown escaped (core escapes the command data). */
function warn(message: string): void {
  core.warning(safeLogLine(message));
}

/**
 * Result file (RUNNER_TEMP for the artifact, the workspace for later steps) — never through a
 * symlink, which is refused with an error — then outputs and the job status.
 */
function finish(result: RalphResult, issue: number | undefined, workspace: string): void {
  const text = `${JSON.stringify({ ...result, ...(issue ? { issue } : {}) }, null, 2)}\n`;
  const runnerTemp = process.env.RUNNER_TEMP || tmpdir();
  const refused: string[] = [];
  for (const dir of [runnerTemp, workspace]) {
    try {
      replaceFile(dir, RALPH_RESULT_FILE_NAME, text);
    } catch (error) {
      refused.push(error instanceof Error ? error.message : String(error));
    }
  }
  core.setOutput('outcome', result.outcome);
  core.setOutput('iterations', String(result.iterations));
  core.setOutput('pr-url', result.prUrl ?? '');
  core.setOutput('result-file', resolve(runnerTemp, RALPH_RESULT_FILE_NAME));
  for (const problem of refused) core.error(safeLogLine(`plangate ralph: ${problem}`));
  if (refused.length) core.setFailed(`plangate ralph: the result file was not written where it is expected (${refused.length} refused)`);
  else if (result.outcome !== 'completed')
    core.setFailed(safeLogLine(`plangate ralph: ${result.outcome}${result.reason ? ` — ${result.reason}` : ''}`));
}

function wholeNumber(value: unknown): number | undefined {
  const parsed =
    typeof value === 'number' || typeof value === 'string' ? parseWholeLimit('issue', String(value), Number.MAX_SAFE_INTEGER) : undefined;
  return parsed?.ok ? parsed.value : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
