import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_PASS_ENV, AGENT_TEMPLATE, AgentFixture, FIXTURES, ralphRepo, readEvents, readState, runRalphCli } from './ralph-harness.js';

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('SIGTERM and --resume', () => {
  it('SIGTERM mid-agent ends the run cancelled with valid state and kills the agent; --resume continues with the same story', async () => {
    const repo = ralphRepo([
      { id: 'US-1', title: 'Write x.txt', verify: ['test -f x.txt'] },
      { id: 'US-2', title: 'Write y.txt', verify: ['test -f y.txt'] },
      { id: 'US-3', title: 'Write z.txt', verify: ['test -f z.txt'] },
    ]);
    const agent = new AgentFixture({
      'US-1': [{ write: { 'x.txt': '' } }],
      'US-2': [{ sleepMs: 60_000 }, { write: { 'y.txt': '' } }],
      'US-3': [{ write: { 'z.txt': '' } }],
    });
    cleanups.push(
      () => repo.cleanup(),
      () => agent.cleanup(),
    );

    const child = spawn(
      process.execPath,
      [
        '--import',
        import.meta.resolve('tsx'),
        join(FIXTURES, 'plangate-cli.ts'),
        'ralph',
        '--plan',
        '.omx/plans/prd-demo.md',
        '--agent',
        AGENT_TEMPLATE,
        '--max-iterations',
        '6',
        '--json',
        ...AGENT_PASS_ENV.flatMap((n) => ['--pass-env', n]),
      ],
      { cwd: repo.dir, env: { ...process.env, ...agent.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    cleanups.push(() => child.kill('SIGKILL'));

    // Generous: the CLI is compiled by tsx as it starts, which took over 30 s on a loaded CI machine.
    const sleeper = await waitFor('the agent to start story US-2', () => agent.entries().find((e) => e.story === 'US-2'), 90_000);
    expect(isAlive(sleeper.pid)).toBe(true);
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    const code = await exited;
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(code, stderr).toBe(1);
    const result = JSON.parse(stdout) as { outcome: string; iterations: number; runId: string; stories: { id: string; passes: boolean }[] };
    expect(result).toMatchObject({
      outcome: 'cancelled',
      iterations: 2,
      stories: [
        { id: 'US-1', passes: true },
        { id: 'US-2', passes: false },
        { id: 'US-3', passes: false },
      ],
    });
    await waitFor('the agent process to be gone', () => (isAlive(sleeper.pid) ? undefined : true), 5_000);

    const state = readState(repo.dir, result.runId);
    expect(state).toMatchObject({
      outcome: 'cancelled',
      reason: 'SIGTERM received',
      iterations: 2,
      interrupted: { storyId: 'US-2', iteration: 2 },
    });
    expect(readEvents(repo.dir, result.runId).at(-1)).toMatchObject({ type: 'cancelled', iterations: 2 });

    const resumed = await runRalphCli(['--resume', result.runId, '--agent', AGENT_TEMPLATE], repo.dir, agent.env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.json).toMatchObject({ outcome: 'completed', iterations: 4, runId: result.runId });
    expect(resumed.json.stories.map((s) => [s.id, s.attempts])).toEqual([
      ['US-1', 1],
      ['US-2', 2],
      ['US-3', 1],
    ]);
    // US-1 ran once in all: the resume picked up at US-2 and did not repeat the passed story.
    expect(agent.entries().map((e) => `${e.story}@${e.iteration}`)).toEqual(['US-1@1', 'US-2@2', 'US-2@3', 'US-3@4']);
    expect(readState(repo.dir, result.runId)).toMatchObject({ outcome: 'completed', resumes: 1 });
  }, 180_000);

  it('refuses --resume of an unknown or malformed run id (exit 2)', async () => {
    const repo = ralphRepo([{ id: 'US-1' }]);
    cleanups.push(() => repo.cleanup());
    expect((await runRalphCli(['--resume', '20260101T000000Z-abcdef', '--agent', 'true'], repo.dir)).stderr).toMatch(
      /no run 20260101T000000Z-abcdef/,
    );
    const traversal = await runRalphCli(['--resume', '../../etc', '--agent', 'true'], repo.dir);
    expect(traversal.code).toBe(2);
    expect(traversal.stderr).toMatch(/is not a run id/);
  });
});
