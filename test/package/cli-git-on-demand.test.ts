// The built CLI starts git only when a check needs what git knows: a default check of a plain
// repository runs no git process at all (start-up), while a claims ledger is still aged
// against HEAD's commit time, not the wall clock.
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';
import { TempGitRepo } from '../support/temp-git-repo.js';
import { t, taskFileText } from '../tasks/helpers.js';

const run = promisify(execFile);
const temp = mkdtempSync(join(tmpdir(), 'plangate-git-on-demand-'));
const repos: TempGitRepo[] = [];
afterAll(() => {
  rmSync(temp, { recursive: true, force: true });
  repos.forEach((r) => r.cleanup());
});

/** A `git` first on PATH that logs its arguments and runs the real one. */
function loggingGit(): { path: string; calls: () => string[] } {
  const bin = join(temp, 'bin');
  const log = join(temp, 'git-calls.log');
  const real = process.env
    .PATH!.split(delimiter)
    .map((dir) => join(dir, 'git'))
    .find((candidate) => existsSync(candidate))!;
  mkdirSync(bin);
  writeFileSync(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${real}' "$@"\n`);
  chmodSync(join(bin, 'git'), 0o755);
  return {
    path: `${bin}${delimiter}${process.env.PATH}`,
    calls: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []),
  };
}

async function check(dir: string, path: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(process.execPath, [join(REPO_ROOT, 'bin/plangate.js'), 'check', dir, '--format', 'json'], {
      env: { ...process.env, PATH: path },
    });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

describe('git on demand in the built CLI', () => {
  it('runs no git process for a default check, and asks git for HEAD’s time when claims need aging', async () => {
    const git = loggingGit();
    const plain = new TempGitRepo('plangate-plain-').copyFrom(join(REPO_ROOT, 'examples/omx-complete'));
    repos.push(plain);
    plain.commit('plans');
    const clean = await check(plain.dir, git.path);
    expect(clean.code).toBe(0);
    expect(git.calls()).toEqual([]);

    // Committed at 2026-05-01T12:00Z (TempGitRepo); the claim is 16 h old then, months old by the wall clock.
    const claims = new TempGitRepo('plangate-claims-');
    repos.push(claims);
    claims.write({
      '.ralph/tasks.json': taskFileText([t('T1', 'done'), t('T2', 'todo', { dependsOn: ['T1'] })]),
      '.ralph/claims.json': JSON.stringify({
        version: 1,
        claims: [{ agentId: 'a', taskId: 'T2', claimedAt: '2026-04-30T20:00:00Z', provenanceId: 'p1', status: 'active' }],
      }),
    });
    claims.commit('claims');
    const aged = await check(claims.dir, git.path);
    const ruleIds = (JSON.parse(aged.stdout) as { findings: { ruleId: string }[] }).findings.map((f) => f.ruleId);
    expect(ruleIds).not.toContain('tasks/task_claim_stale');
    expect(git.calls()).toEqual(['show -s --format=%ct HEAD']);
  });
});
