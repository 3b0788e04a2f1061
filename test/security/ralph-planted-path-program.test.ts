import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { resolveTrustedPrograms } from '../../src/ralph/trusted-programs.js';
import { GitHttpServer } from '../ralph/git-http-server.js';
import { CHECKOUT_EXTRAHEADER, findSecrets, hostileTemplate, plantedCommandsThatRan, tempDir } from '../ralph/hostile-agent.js';
import { runRalphAction, useActionTestBed } from '../ralph/ralph-action-harness.js';
import { ralphRepo } from '../ralph/ralph-harness.js';

/**
 * The agent plants `~/.local/bin/git` (writable, and first on PATH on hosted runners). After its
 * turn plangate ran `git` by name about ten times — status, add, commit, push — and handed the
 * push the credential it had withdrawn from the checkout: the planted program ran with it. Every
 * program plangate runs is resolved to an absolute path before the first agent turn, and git's own
 * helpers get a PATH of only the directories those were found in.
 */
const bed = useActionTestBed();
const { cleanups } = bed;

describe('a git planted on PATH by the agent', () => {
  it('never runs: the push goes through the git resolved before the agent, with the credential, and the pull request is opened', async () => {
    const loot = tempDir('plangate-loot-', cleanups);
    const home = tempDir('plangate-home-', cleanups);
    const localBin = join(home, '.local/bin');
    mkdirSync(localBin, { recursive: true });
    // The origin over smart HTTP, which wants the checkout's credential for the push.
    const root = tempDir('plangate-http-root-', cleanups);
    const bare = join(root, 'origin.git');
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
    const server = await GitHttpServer.start(root);
    cleanups.push(() => void server.close());
    const repo = ralphRepo([{ id: 'US-1', title: 'Write the done file', verify: ['test -f done-US-1.txt'] }]);
    cleanups.push(() => repo.cleanup());
    const url = `${server.url}/origin.git`;
    repo.git('remote', 'add', 'origin', url);
    await promisify(execFile)('git', ['-c', `http.${server.url}/.extraheader=${CHECKOUT_EXTRAHEADER}`, 'push', '-q', 'origin', 'main'], {
      cwd: repo.dir,
    });
    // What actions/checkout persists for the server.
    repo.git('config', '--local', `http.${server.url}/.extraheader`, CHECKOUT_EXTRAHEADER);
    bed.fake.mirrorGitRepository('acme', 'planted', bare);
    const issue = bed.fake.addIssue('acme', 'planted', { title: 'Ship it' });
    server.requests.length = 0;

    const run = await runRalphAction({
      fake: bed.fake,
      workdir: repo.dir,
      owner: 'acme',
      name: 'planted',
      issue: issue.number,
      inputs: { agent: hostileTemplate(loot, ['--plant-path']), 'pass-env': '' },
      env: { HOME: home, PATH: `${localBin}:${process.env.PATH ?? ''}` },
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs).toMatchObject({ outcome: 'completed', iterations: '1' });
    expect(run.outputs['pr-url']).toMatch(/\/acme\/planted\/pull\/\d+$/);

    // The agent planted git, sh, ssh and ps first on PATH; none of them ran.
    expect(readFileSync(join(loot, 'planted-in.txt'), 'utf8').trim()).toBe(localBin);
    for (const name of ['git', 'sh', 'ssh', 'ps']) expect(existsSync(join(localBin, name)), name).toBe(true);
    expect(plantedCommandsThatRan(loot)).toEqual([]);
    expect(findSecrets([loot, home])).toEqual([]);
    // The push still carried the checkout's credential, through the git plangate resolved.
    expect(server.requests.some((h) => h.authorization === CHECKOUT_EXTRAHEADER.slice('AUTHORIZATION: '.length))).toBe(true);
    expect(execFileSync('git', ['diff', '--name-only', 'main..plangate/ralph-1-demo'], { cwd: bare, encoding: 'utf8' }).trim()).toBe(
      'done-US-1.txt',
    );
  });
});

describe('resolving the programs plangate runs', () => {
  const path = ['/home/runner/.local/bin', '/usr/local/bin', '/usr/bin', '/bin'].join(':');
  const writableByRunner = (p: string) => p.startsWith('/home/runner/');

  it('skips every candidate the runner user can write, and takes the first other one by its absolute path', () => {
    const resolved = resolveTrustedPrograms({ PATH: path }, { uid: 1001, writable: writableByRunner, procfs: true });
    expect(resolved.ok).toBe(true);
    if (!resolved.ok) return;
    expect(resolved.programs.git.startsWith('/home/')).toBe(false);
    const first = ['/usr/local/bin/git', '/usr/bin/git', '/bin/git'].find((p) => existsSync(p))!;
    expect(resolved.programs.git).toBe(first);
    expect(resolved.programs.searchPath.split(':').some((d) => d.startsWith('/home/'))).toBe(false);
  });

  it('skips a candidate whose symlink leads through a directory the runner user can write', () => {
    const root = tempDir('plangate-links-', cleanups);
    mkdirSync(join(root, 'bin'));
    mkdirSync(join(root, 'writable'));
    writeFileSync(join(root, 'writable/git'), '#!/bin/sh\n', { mode: 0o755 });
    symlinkSync(join(root, 'writable/git'), join(root, 'bin/git'));
    const resolved = resolveTrustedPrograms(
      { PATH: `${join(root, 'bin')}:/usr/local/bin:/usr/bin:/bin` },
      { uid: 1001, writable: (p) => p.startsWith(join(root, 'writable')), procfs: true },
    );
    expect(resolved.ok && resolved.programs.git).toBe(['/usr/local/bin/git', '/usr/bin/git', '/bin/git'].find((p) => existsSync(p)));
  });

  it('refuses to start when git is only where the runner user can write', () => {
    const resolved = resolveTrustedPrograms({ PATH: path }, { uid: 1001, writable: () => true, procfs: true });
    expect(resolved).toEqual({ ok: false, problem: expect.stringMatching(/^git is found only where this user can write \(\/.*\/git/) });
  });

  it('ignores relative PATH entries (the agent chooses the working directory)', () => {
    const resolved = resolveTrustedPrograms({ PATH: '.:bin:' }, { uid: 1001, writable: () => false, procfs: true });
    expect(resolved).toEqual({ ok: false, problem: 'git is not on PATH' });
  });
});
