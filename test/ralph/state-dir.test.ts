import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRalphState } from '../../src/core/ralph/ralph-state.js';
import { readRalphState } from '../../src/ralph/read-ralph-state.js';
import { StateDir } from '../../src/ralph/state-dir.js';
import { FIXTURES } from './ralph-harness.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'plangate-state-'));
  dirs.push(d);
  return d;
};
const state = (runId: string) =>
  createRalphState({
    runId,
    plan: 'prd.md',
    stories: [{ id: 'A', title: 'A', description: '', criteria: [], priority: 1, verify: [], passes: false }],
    verify: [],
    maxIterations: 3,
    maxStoryAttempts: 3,
  });

describe('the run state directory', () => {
  it('sees every change that is not the runner’s own: an edit, a new file, a deletion, a symlink', () => {
    const workdir = tempDir();
    const store = StateDir.create(workdir, 'run-1');
    store.writeState(state('run-1'), new Date());
    store.appendEvent({ type: 'run_started' });
    store.writeFile('prompts/iteration-1.md', 'do A');
    expect(store.findTampering()).toEqual([]);

    const root = join(workdir, '.plangate/ralph/run-1');
    writeFileSync(join(root, 'state.json'), readFileSync(join(root, 'state.json'), 'utf8').replace('"iterations": 0', '"iterations": 1'));
    writeFileSync(join(root, 'logs/extra.log'), 'x');
    unlinkSync(join(root, 'prompts/iteration-1.md'));
    symlinkSync('/etc/passwd', join(root, 'link'));
    expect(store.findTampering()).toEqual([
      '.plangate/ralph/run-1/link',
      '.plangate/ralph/run-1/logs/extra.log',
      '.plangate/ralph/run-1/prompts/iteration-1.md',
      '.plangate/ralph/run-1/state.json',
    ]);
  });

  it('tracks appends to events.jsonl as the runner’s own, and an appended line from elsewhere as tampering', () => {
    const workdir = tempDir();
    const store = StateDir.create(workdir, 'run-2');
    store.appendEvent({ type: 'a' });
    store.appendEvent({ type: 'b' });
    expect(store.findTampering()).toEqual([]);
    writeFileSync(join(workdir, '.plangate/ralph/run-2/events.jsonl'), '{"type":"forged"}\n', { flag: 'a' });
    expect(store.findTampering()).toEqual(['.plangate/ralph/run-2/events.jsonl']);
  });

  it('never reuses a run directory', () => {
    const workdir = tempDir();
    StateDir.create(workdir, 'run-3');
    expect(() => StateDir.create(workdir, 'run-3')).toThrow(/EEXIST/);
  });

  it('keeps state.json whole when the writer is killed mid-write (temp file + rename)', async () => {
    const workdir = tempDir();
    for (let round = 0; round < 3; round++) {
      const runId = `crash-${round}`;
      const child = spawn(
        process.execPath,
        ['--import', import.meta.resolve('tsx'), join(FIXTURES, 'write-states-forever.ts'), workdir, runId],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      await new Promise((r) => setTimeout(r, 150 + round * 70));
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      const read = readRalphState(StateDir.open(workdir, runId));
      expect(read.ok, read.ok ? '' : read.problem).toBe(true);
      if (read.ok) expect(read.state.stories).toHaveLength(400);
    }
  });

  it('rejects a state.json that is not a ralph state, naming what is wrong', () => {
    const workdir = tempDir();
    const store = StateDir.create(workdir, 'run-4');
    writeFileSync(store.statePath, JSON.stringify({ ...state('other'), version: 1 }));
    expect(readRalphState(store)).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/runId "other" does not match the directory run-4/),
    });
    writeFileSync(store.statePath, '{"version":1,');
    expect(readRalphState(store)).toMatchObject({ ok: false, problem: expect.stringMatching(/cannot be read as JSON/) });
  });
});
