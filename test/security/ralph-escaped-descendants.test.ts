import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostileTemplate, tempDir } from '../ralph/hostile-agent.js';
import { ralphRepo, runRalphCli } from '../ralph/ralph-harness.js';

/**
 * Issue 13 §2: a `setsid` child escaped the process-group kill and edited the work tree and
 * `state.json` after the final integrity check. The agent here leaves three processes behind —
 * one in a new session, one double-forked into a new session with an empty environment, one
 * plain background child — each of which, 1.5 s later, writes a file and overwrites state.json.
 */
const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('processes the agent leaves behind', () => {
  it('are all gone before the attempt is judged: the tree and the state stay as the run left them', async () => {
    const loot = tempDir('plangate-loot-', cleanups);
    const repo = ralphRepo([{ id: 'US-1', title: 'Write the done file', verify: ['test -f done-US-1.txt'] }]);
    cleanups.push(() => repo.cleanup());
    const r = await runRalphCli(
      [
        '--plan',
        '.omx/plans/prd-demo.md',
        '--agent',
        hostileTemplate(loot, ['--straggle']),
        '--verify',
        "setsid sh -c 'sleep 1.5; echo late > late-verify.txt' > /dev/null 2>&1 &",
      ],
      repo.dir,
    );
    expect(r.json, r.stderr).toMatchObject({ outcome: 'completed', iterations: 1 });
    const statePath = join(repo.dir, '.plangate/ralph', r.json.runId, 'state.json');
    const stateAtEnd = readFileSync(statePath, 'utf8');

    await sleep(2_500);
    for (const late of ['late-edit-setsid.txt', 'late-edit-double-fork.txt', 'late-edit-background.txt', 'late-verify.txt']) {
      expect(existsSync(join(repo.dir, late)), late).toBe(false);
    }
    expect(readFileSync(statePath, 'utf8')).toBe(stateAtEnd);
    expect(JSON.parse(stateAtEnd)).toMatchObject({ outcome: 'completed', iterations: 1 });
  }, 30_000);
});
