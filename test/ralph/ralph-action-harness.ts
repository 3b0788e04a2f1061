import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { FakeGitHub } from '../support/fake-github/index.js';
import { REPO_ROOT } from '../support/paths.js';
import { runAction, type ActionRun } from '../support/run-action.js';
import type { TempGitRepo } from '../support/temp-git-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { AGENT_PASS_ENV, AGENT_TEMPLATE, AgentFixture, ralphRepo, type AgentScript, type PrdStorySpec } from './ralph-harness.js';

/**
 * The Action in `mode: ralph`, run the way the runner runs it: `node dist/index.js` with INPUT_*
 * and GITHUB_* variables, against the fake GitHub API, in a temp git checkout whose `origin` is
 * a local bare repository that the fake serves as the repository.
 * PLANGATE_ACTION_ENTRY=<bundle>/index.js runs the tests against a bundle built elsewhere.
 */
export const ACTION_ENTRY = process.env.PLANGATE_ACTION_ENTRY ?? join(REPO_ROOT, 'dist/index.js');

/**
 * For a test file that runs the Action: the bundle checked, one fake GitHub for the file, the
 * cleanups run after each test, and no request the fake found invalid.
 */
export function useActionTestBed(): { readonly fake: FakeGitHub; cleanups: (() => void)[] } {
  let fake: FakeGitHub | undefined;
  const cleanups: (() => void)[] = [];
  beforeAll(async () => {
    if (!existsSync(ACTION_ENTRY)) throw new Error(`${ACTION_ENTRY} is missing: run \`npm run package\``);
    fake = await FakeGitHub.start();
  }, 120_000);
  afterAll(async () => fake?.close());
  afterEach(() => {
    cleanups.splice(0).forEach((c) => c());
    expect(fake?.validationErrors).toEqual([]);
  });
  return {
    get fake() {
      return fake!;
    },
    cleanups,
  };
}

export interface RalphCheckout {
  repo: TempGitRepo;
  bare: string;
  agent: AgentFixture;
  mainSha: string;
}

/** A checkout (like actions/checkout's) whose origin is a bare repo the fake serves as owner/name. */
export function ralphCheckout(
  fake: FakeGitHub,
  owner: string,
  name: string,
  stories: PrdStorySpec[],
  script: AgentScript,
  cleanups: (() => void)[],
  files: Record<string, string> = {},
): RalphCheckout {
  const bare = mkdtempSync(join(tmpdir(), 'plangate-origin-'));
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
  const repo = ralphRepo(stories, files);
  repo.git('remote', 'add', 'origin', bare);
  repo.git('push', '-q', 'origin', 'main');
  const agent = new AgentFixture(script);
  cleanups.push(
    () => repo.cleanup(),
    () => agent.cleanup(),
    () => rmSync(bare, { recursive: true, force: true }),
  );
  fake.mirrorGitRepository(owner, name, bare);
  return { repo, bare, agent, mainSha: repo.git('rev-parse', 'HEAD') };
}

export function dispatchPayload(owner: string, name: string, inputs: Record<string, string>): Record<string, unknown> {
  const example = webhookExample('workflow_dispatch');
  const repository = example.repository as Record<string, unknown>;
  return {
    ...example,
    inputs,
    ref: 'refs/heads/main',
    repository: {
      ...repository,
      name,
      full_name: `${owner}/${name}`,
      owner: { ...(repository.owner as object), login: owner },
      default_branch: 'main',
    },
  };
}

export interface RalphActionRunOptions {
  fake: FakeGitHub;
  workdir: string;
  owner: string;
  name: string;
  issue: number;
  /** Inputs over the example workflow's (agent: the scripted agent, open-pr: true). */
  inputs?: Record<string, string>;
  env?: Record<string, string>;
}

/** What examples/workflows/plangate-ralph.yml passes (the runner supplies action.yml defaults for the rest). */
export function runRalphAction(options: RalphActionRunOptions): Promise<ActionRun> {
  // As the App dispatches: its bot login names the run comment it wrote.
  const dispatched = {
    issue: String(options.issue),
    plan: '.omx/plans/prd-demo.md',
    mode: 'ralph',
    'max-iterations': '4',
    'app-login': 'plangate[bot]',
  };
  return runAction({
    inputs: {
      mode: 'ralph',
      'github-token': 'ghs_actionsToken',
      config: '.github/plangate.yml',
      'working-directory': '.',
      issue: dispatched.issue,
      plan: dispatched.plan,
      'max-iterations': dispatched['max-iterations'],
      'app-login': dispatched['app-login'],
      agent: AGENT_TEMPLATE,
      'pass-env': AGENT_PASS_ENV.join(' '),
      'open-pr': 'true',
      ...options.inputs,
    },
    workspace: options.workdir,
    eventName: 'workflow_dispatch',
    payload: dispatchPayload(options.owner, options.name, dispatched),
    repository: `${options.owner}/${options.name}`,
    apiUrl: options.fake.url,
    entry: ACTION_ENTRY,
    extraEnv: { GITHUB_RUN_ID: '4242', GITHUB_TOKEN: 'ghs_mustNotReachTheAgent', ...options.env },
  });
}
