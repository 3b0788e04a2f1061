import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as core from '@actions/core';
import * as github from '@actions/github';
import { ralphResultOf, type RalphResult } from '../core/ralph/ralph-result.js';
import type { RalphState } from '../core/ralph/ralph-state.js';
import { createPullRequest } from '../github/create-pull-request.js';
import type { OctokitRequester } from '../github/octokit-like.js';
import { LIMITS } from '../render/markdown.js';
import { formatProgressLine } from '../ralph/format-progress.js';
import type { DirtyPaths } from '../ralph/git-worktree.js';
import { loadRalphConfig } from '../ralph/load-ralph-config.js';
import { loadRalphPlan, type LoadedRalphPlan } from '../ralph/load-ralph-plan.js';
import { commitAndPushRalphBranch, ralphBranchName, startRalphBranch } from '../ralph/ralph-branch.js';
import { renderPrBody } from '../ralph/render-pr-body.js';
import { renderRunMarkdown } from '../ralph/render-run-markdown.js';
import { RunCommentReporter } from '../ralph/run-comment-reporter.js';
import { runRalphLoop } from '../ralph/run-ralph-loop.js';
import { withTerminationSignal } from '../ralph/termination-signal.js';
import type { ActionInputs } from './inputs.js';

export const RALPH_RESULT_FILE = 'plangate-ralph-result.json';

interface DispatchPayload {
  inputs?: Record<string, unknown>;
  repository?: { default_branch?: string };
}

/**
 * `mode: ralph`: the bounded loop on the checkout, with the issue's run comment and the job
 * summary updated after every step, plangate-ralph-result.json written, outputs set and,
 * with `open-pr`, the work committed on its own branch and proposed as a pull request.
 */
export async function runRalphMode(inputs: ActionInputs): Promise<void> {
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const workdir = resolve(workspace, inputs.workingDirectory);
  const payload = github.context.payload as DispatchPayload;
  const dispatched = payload.inputs ?? {};
  const issue = inputs.ralph.issue ?? wholeNumber(dispatched.issue);
  const { owner, repo } = github.context.repo;
  const octokit = inputs.token ? (github.getOctokit(inputs.token) as unknown as OctokitRequester) : undefined;
  const serverUrl = process.env.GITHUB_SERVER_URL || 'https://github.com';
  const runUrl = process.env.GITHUB_RUN_ID ? `${serverUrl}/${owner}/${repo}/actions/runs/${process.env.GITHUB_RUN_ID}` : undefined;
  const reporter = octokit && issue ? new RunCommentReporter(octokit, { owner, repo, issue }, { runUrl, warn: (m) => core.warning(m) }) : undefined;
  const report = async (state: RalphState, prUrl?: string) => {
    await reporter?.update(state, prUrl);
    await core.summary.addRaw(renderRunMarkdown({ state, issue, runUrl, prUrl, maxLength: LIMITS.jobSummary - 1024 }), true).write({ overwrite: true });
  };

  const loaded = await loadRalphConfig(workdir, undefined, inputs.config);
  const failBeforeStart = async (message: string) => {
    await reporter?.fail(message);
    finish({ outcome: 'failed', iterations: 0, stories: [], runId: '', maxIterations: 0, plan: '', reason: message }, issue);
  };
  if (!loaded.ok) return failBeforeStart(`the config was rejected:\n${loaded.problems.join('\n')}`);
  const ralph = loaded.config.ralph;
  const planResult = await loadRalphPlan({
    snapshot: loaded.snapshot,
    config: loaded.config,
    plan: inputs.ralph.plan ?? text(dispatched.plan),
    verify: inputs.ralph.verify.length ? inputs.ralph.verify : undefined,
  });
  if (!planResult.ok) return failBeforeStart(`cannot start:\n${planResult.problems.join('\n')}`);
  const dispatchedMax = text(dispatched['max-iterations']);
  const maxFromDispatch = wholeNumber(dispatchedMax);
  if (!inputs.ralph.maxIterations && dispatchedMax !== undefined && (maxFromDispatch === undefined || maxFromDispatch > 1000)) {
    return failBeforeStart(`the workflow_dispatch input max-iterations must be a whole number from 1 to 1000 (got "${dispatchedMax}")`);
  }
  const plan = planResult.plan;
  plan.warnings.forEach((w) => core.warning(`plangate ralph: ${w}`));

  let publishing: { branch: string; defaultBranch: string; startSha: string } | undefined;
  if (inputs.ralph.openPr) {
    const defaultBranch = payload.repository?.default_branch ?? (await defaultBranchOf(octokit, owner, repo));
    const branch = ralphBranchName(issue, plan.slug);
    publishing = { branch, defaultBranch, startSha: await startRalphBranch(workdir, branch, defaultBranch) };
    core.info(`plangate ralph: working on ${branch} (from ${defaultBranch})`);
  }

  const run = await withTerminationSignal((signal) =>
    runRalphLoop({
      workdir,
      agent: inputs.ralph.agent ?? ralph.agent,
      plan,
      maxIterations: inputs.ralph.maxIterations ?? maxFromDispatch ?? ralph.maxIterations,
      maxStoryAttempts: inputs.ralph.maxStoryAttempts ?? ralph.maxStoryAttempts,
      commandTimeoutMs: (inputs.ralph.timeoutMinutes ?? ralph.commandTimeoutMinutes) * 60_000,
      passEnv: [...ralph.passEnv, ...inputs.ralph.passEnv],
      env: process.env,
      signal,
      onProgress: async (progress) => {
        const line = formatProgressLine(progress);
        if (line) core.info(line);
        await report(progress.state);
      },
      onWarning: (m) => core.warning(`plangate ralph: ${m}`),
    }),
  );

  let prUrl: string | undefined;
  const { state } = run;
  if (publishing && octokit && worthProposing(state)) {
    try {
      prUrl = await propose({ workdir, octokit, owner, repo, issue, plan, state, runUrl, serverUrl, stateDir: run.stateDir, ...publishing });
    } catch (error) {
      core.warning(`plangate ralph: no pull request was opened: ${error instanceof Error ? error.message : String(error)}`);
    }
  } else if (publishing) {
    core.info(`plangate ralph: no pull request (${!octokit ? 'no github-token' : `outcome ${state.outcome} with ${state.stories.filter((s) => s.passes).length} passing stories`})`);
  }

  const result = ralphResultOf(state, { prUrl });
  await report(state, prUrl);
  finish(result, issue);
}

/** A pull request is worth opening when the run made progress it did not have to distrust. */
function worthProposing(state: RalphState): boolean {
  const trusted = state.outcome === 'completed' || state.outcome === 'blocked' || state.outcome === 'exhausted';
  return trusted && state.stories.some((s) => s.passes);
}

async function propose(input: {
  workdir: string;
  octokit: OctokitRequester;
  owner: string;
  repo: string;
  issue?: number;
  plan: LoadedRalphPlan;
  state: RalphState;
  runUrl?: string;
  serverUrl: string;
  stateDir: string;
  branch: string;
  defaultBranch: string;
  startSha: string;
}): Promise<string | undefined> {
  const baseline = JSON.parse(readFileSync(join(input.stateDir, 'git-baseline.json'), 'utf8')) as DirtyPaths;
  const passing = input.state.stories.filter((s) => s.passes).map((s) => s.id);
  const title = `ralph: ${input.plan.slug}${input.issue ? ` (#${input.issue})` : ''}`;
  const pushed = await commitAndPushRalphBranch({
    workdir: input.workdir,
    branch: input.branch,
    defaultBranch: input.defaultBranch,
    startSha: input.startSha,
    baseline,
    message: `${title}\n\nStories passing: ${passing.join(', ') || 'none'}\nOutcome: ${input.state.outcome} (${input.state.iterations}/${input.state.maxIterations} iterations, run ${input.state.runId})\n`,
  });
  if (!pushed.headSha) {
    core.info('plangate ralph: the run changed no file; no pull request.');
    return undefined;
  }
  core.info(`plangate ralph: pushed ${input.branch} at ${pushed.headSha.slice(0, 12)} (${pushed.committedPaths.length} path(s))`);
  const pr = await createPullRequest(input.octokit, {
    owner: input.owner,
    repo: input.repo,
    head: input.branch,
    base: input.defaultBranch,
    title,
    draft: input.state.outcome !== 'completed',
    body: renderPrBody({
      state: input.state,
      issue: input.issue,
      blobUrl: `${input.serverUrl}/${input.owner}/${input.repo}/blob/${input.defaultBranch}/`,
      testSpec: input.plan.testSpecPath,
      runUrl: input.runUrl,
    }),
  });
  core.info(`plangate ralph: pull request ${pr.created ? 'opened' : 'already open'}: ${pr.html_url}`);
  return pr.html_url;
}

async function defaultBranchOf(octokit: OctokitRequester | undefined, owner: string, repo: string): Promise<string> {
  if (!octokit) throw new Error('open-pr needs the default branch: run on a workflow_dispatch/issue event or give github-token');
  const { data } = await octokit.request<{ default_branch: string }>('GET /repos/{owner}/{repo}', { owner, repo });
  return data.default_branch;
}

/** Result file (RUNNER_TEMP for the artifact, the workspace for later steps), outputs, job status. */
function finish(result: RalphResult, issue: number | undefined): void {
  const text = `${JSON.stringify({ ...result, ...(issue ? { issue } : {}) }, null, 2)}\n`;
  const tempPath = join(process.env.RUNNER_TEMP || tmpdir(), RALPH_RESULT_FILE);
  writeFileSync(tempPath, text);
  writeFileSync(join(process.env.GITHUB_WORKSPACE ?? process.cwd(), RALPH_RESULT_FILE), text);
  core.setOutput('outcome', result.outcome);
  core.setOutput('iterations', String(result.iterations));
  core.setOutput('pr-url', result.prUrl ?? '');
  core.setOutput('result-file', tempPath);
  if (result.outcome !== 'completed') core.setFailed(`plangate ralph: ${result.outcome}${result.reason ? ` — ${result.reason}` : ''}`);
}

function wholeNumber(value: unknown): number | undefined {
  const t = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d+$/.test(t) && Number(t) >= 1 ? Number(t) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
