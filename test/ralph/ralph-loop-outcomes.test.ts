import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempGitRepo } from '../support/temp-git-repo.js';
import {
  AGENT_TEMPLATE,
  AgentFixture,
  ralphRepo,
  readEvents,
  readState,
  runRalphCli,
  type AgentScript,
  type PrdStorySpec,
} from './ralph-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function setup(
  stories: PrdStorySpec[],
  script: AgentScript,
  extra: Record<string, string> = {},
): { repo: TempGitRepo; agent: AgentFixture } {
  const repo = ralphRepo(stories, extra);
  const agent = new AgentFixture(script);
  cleanups.push(
    () => repo.cleanup(),
    () => agent.cleanup(),
  );
  return { repo, agent };
}

const run = (repo: TempGitRepo, agent: AgentFixture, extra: string[] = []) =>
  runRalphCli(['--plan', '.omx/plans/prd-demo.md', '--agent', AGENT_TEMPLATE, ...extra], repo.dir, agent.env);

const TWO_STORIES: PrdStorySpec[] = [
  { id: 'US-1', title: 'Write x.txt', verify: ['test -f x.txt'] },
  { id: 'US-2', title: 'Write y.txt', verify: ['test -f y.txt'] },
];

describe('ralph loop outcomes (scripted agent, temp git repo, real verify commands)', () => {
  it('completes two stories in two iterations when the agent does each one right', async () => {
    const { repo, agent } = setup(TWO_STORIES, { 'US-1': [{ write: { 'x.txt': 'x\n' } }], 'US-2': [{ write: { 'y.txt': 'y\n' } }] });
    const r = await run(repo, agent);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({
      outcome: 'completed',
      iterations: 2,
      stories: [
        { id: 'US-1', title: 'Write x.txt', passes: true, attempts: 1 },
        { id: 'US-2', title: 'Write y.txt', passes: true, attempts: 1 },
      ],
    });
    expect(agent.entries().map((e) => [e.story, e.iteration, e.promptMentionsStory])).toEqual([
      ['US-1', 1, true],
      ['US-2', 2, true],
    ]);
    expect(r.stderr).toMatch(/iteration 1\/10 — story 1\/2 US-1/);
    expect(r.stderr).toMatch(/iteration 2\/10 — story 2\/2 US-2 passes/);
    const state = readState(repo.dir, r.json.runId);
    expect(state).toMatchObject({ outcome: 'completed', iterations: 2 });
    // Evidence: the global test-spec command and the story's own command, both passing.
    expect((state.stories[0] as unknown as { evidence: unknown[] }).evidence).toEqual([
      expect.objectContaining({ command: 'node check.js', scope: 'global', passed: true }),
      expect.objectContaining({ command: 'test -f x.txt', scope: 'story', passed: true }),
    ]);
  });

  it('blocks after exactly 3 attempts of a story the agent never satisfies, and never moves on to story 2', async () => {
    const { repo, agent } = setup(TWO_STORIES, { 'US-1': [{ write: { 'wrong.txt': 'no\n' } }], 'US-2': [{ write: { 'y.txt': 'y\n' } }] });
    const r = await run(repo, agent);
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({
      outcome: 'blocked',
      iterations: 3,
      stories: [
        { id: 'US-1', passes: false, attempts: 3 },
        { id: 'US-2', passes: false, attempts: 0 },
      ],
    });
    expect(r.json.reason).toBe('story US-1 missed 3 times in a row');
    expect(agent.entries().map((e) => `${e.story}#${e.attempt}`)).toEqual(['US-1#1', 'US-1#2', 'US-1#3']);
    // Attempts 2 and 3 were told why the previous one missed.
    expect(agent.entries().map((e) => e.promptMentionsPreviousMiss)).toEqual([false, true, true]);
  });

  it('honours --max-story-attempts', async () => {
    const { repo, agent } = setup(TWO_STORIES, { '*': [{ exit: 1 }] });
    const r = await run(repo, agent, ['--max-story-attempts', '2']);
    expect(r.json).toMatchObject({ outcome: 'blocked', iterations: 2, stories: [{ attempts: 2 }, { attempts: 0 }] });
  });

  it('stops exhausted after exactly --max-iterations agent invocations (counted in the agent log)', async () => {
    const stories: PrdStorySpec[] = [...TWO_STORIES, { id: 'US-3', title: 'Write z.txt', verify: ['test -f z.txt'] }];
    const { repo, agent } = setup(stories, {
      'US-1': [{ write: { 'x.txt': '' } }],
      'US-2': [{ write: { 'y.txt': '' } }],
      'US-3': [{ write: { 'z.txt': '' } }],
    });
    const r = await run(repo, agent, ['--max-iterations', '2']);
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({ outcome: 'exhausted', iterations: 2 });
    expect(r.json.stories.map((s) => [s.id, s.passes, s.attempts])).toEqual([
      ['US-1', true, 1],
      ['US-2', true, 1],
      ['US-3', false, 0],
    ]);
    expect(agent.entries()).toHaveLength(2);
    // The counter was persisted before each agent started: one agent_started event per turn, in order.
    const starts = readEvents(repo.dir, r.json.runId).filter((e) => e.type === 'agent_started');
    expect(starts.map((e) => e.iteration)).toEqual([1, 2]);
  });

  it('does not block on a verify command that already failed before the run', async () => {
    const { repo, agent } = setup(TWO_STORIES, { 'US-1': [{ write: { 'x.txt': '' } }], 'US-2': [{ write: { 'y.txt': '' } }] });
    const r = await run(repo, agent, ['--verify', 'node check.js', '--verify', 'test -f never-there.txt']);
    expect(r.json).toMatchObject({ outcome: 'completed', iterations: 2 });
    expect(r.stderr).toMatch(/baseline: 1\/2 verify command\(s\) pass; already failing \(will not block\): test -f never-there\.txt/);
  });

  it('blocks when the agent breaks a verify command that passed before the run', async () => {
    const { repo, agent } = setup(TWO_STORIES, { 'US-1': [{ write: { 'x.txt': '', 'lib.js': 'module.exports = 41;\n' } }] });
    const r = await run(repo, agent, ['--verify', 'node check.js', '--verify', 'test -f never-there.txt']);
    expect(r.json).toMatchObject({
      outcome: 'blocked',
      iterations: 3,
      stories: [{ id: 'US-1', passes: false, attempts: 3 }, { passes: false }],
    });
    const state = readState(repo.dir, r.json.runId) as unknown as {
      stories: { lastMiss: { reasons: string[]; failures: { command: string; outputTail: string }[] } }[];
    };
    expect(state.stories[0]!.lastMiss.reasons).toEqual(['`node check.js` passed before the run and fails now (exit 1)']);
    expect(state.stories[0]!.lastMiss.failures[0]!.outputTail).toContain('lib.js must export 42, got 41');
  });

  it('counts a story as a miss when the agent exits non-zero even if every check passes', async () => {
    const { repo, agent } = setup(TWO_STORIES, {
      'US-1': [{ write: { 'x.txt': '' }, exit: 3 }, { exit: 0 }],
      'US-2': [{ write: { 'y.txt': '' } }],
    });
    const r = await run(repo, agent);
    expect(r.json).toMatchObject({
      outcome: 'completed',
      iterations: 3,
      stories: [
        { id: 'US-1', attempts: 2 },
        { id: 'US-2', attempts: 1 },
      ],
    });
  });

  it('kills an agent that outlives --timeout-minutes and counts the attempt as a miss', async () => {
    // 3 s: attempt 2 (a fresh node process that writes one file) must finish well inside the
    // timeout on a loaded machine — at 0.01 min (600 ms) it sometimes did not, and timed out too.
    // Attempt 1 sleeps 60 s, so a run under 30 s proves it was killed, not waited for.
    const { repo, agent } = setup([TWO_STORIES[0]!], { 'US-1': [{ write: { 'x.txt': '' }, sleepMs: 60_000 }, { write: { 'x.txt': '' } }] });
    const started = Date.now();
    const r = await run(repo, agent, ['--timeout-minutes', '0.05']);
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(r.json).toMatchObject({ outcome: 'completed', iterations: 2, stories: [{ id: 'US-1', attempts: 2 }] });
    expect(r.stderr).toMatch(/US-1 missed \(1\/3\): the agent timed out/);
  });

  it('stops with integrity_violation when the agent edits the run state, and runs no further turn', async () => {
    const { repo, agent } = setup(TWO_STORIES, {
      'US-1': [{ write: { 'x.txt': '' }, tamperState: true }],
      'US-2': [{ write: { 'y.txt': '' } }],
    });
    const r = await run(repo, agent);
    expect(r.code).toBe(1);
    expect(r.json).toMatchObject({ outcome: 'integrity_violation', iterations: 1 });
    expect(r.json.reason).toContain(`.plangate/ralph/${r.json.runId}/state.json`);
    expect(agent.entries()).toHaveLength(1);
    const state = readState(repo.dir, r.json.runId);
    expect(state).toMatchObject({ outcome: 'integrity_violation', iterations: 1 });
    // A tampered run is not trusted again.
    const resumed = await runRalphCli(['--resume', r.json.runId, '--agent', AGENT_TEMPLATE], repo.dir, agent.env);
    expect(resumed.code).toBe(2);
    expect(resumed.stderr).toMatch(/cannot be resumed/);
  });

  it('withholds token-like variables from the agent unless passEnv lists them', async () => {
    const { repo, agent } = setup([TWO_STORIES[0]!], { '*': [{ write: { 'x.txt': '' } }] });
    const secrets = {
      GITHUB_TOKEN: 'ghs_x',
      GH_TOKEN: 'x',
      MY_SERVICE_TOKEN: 'x',
      AWS_SECRET: 'x',
      ACTIONS_RUNTIME_TOKEN: 'x',
      AGENT_API_KEY: 'x',
    };
    await runRalphCli(['--plan', '.omx/plans/prd-demo.md', '--agent', AGENT_TEMPLATE, '--pass-env', 'AGENT_API_KEY'], repo.dir, {
      ...agent.env,
      ...secrets,
    });
    expect(agent.entries()[0]).toMatchObject({ sawSecrets: [], passedEnv: true });
  });

  it('refuses to start on a prd.json the tasks check rejects (exit 2, the file and line named)', async () => {
    const { repo, agent } = setup(TWO_STORIES, {});
    repo.write({
      '.omx/plans/prd-demo.json': '{\n  "project": "demo",\n  "branchName": "b",\n  "description": "d",\n  "userStories": []\n}\n',
    });
    const r = await run(repo, agent);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/\.omx\/plans\/prd-demo\.json is rejected by the tasks check/);
    expect(r.stderr).toMatch(/\.omx\/plans\/prd-demo\.json:5:\d+: userStories is empty/);
    expect(agent.entries()).toEqual([]);
    expect(existsSync(join(repo.dir, '.plangate'))).toBe(false);
  });

  it('never commits or moves HEAD (the CLI leaves the changes in the working tree)', async () => {
    const { repo, agent } = setup(TWO_STORIES, { 'US-1': [{ write: { 'x.txt': '' } }], 'US-2': [{ write: { 'y.txt': '' } }] });
    const head = repo.git('rev-parse', 'HEAD');
    await run(repo, agent);
    expect(repo.git('rev-parse', 'HEAD')).toBe(head);
    expect(repo.git('status', '--porcelain', '--untracked-files=all', '--', 'x.txt', 'y.txt')).toBe('?? x.txt\n?? y.txt'.trim());
  });
});
