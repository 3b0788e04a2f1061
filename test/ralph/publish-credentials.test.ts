import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listDirtyPaths } from '../../src/ralph/plangate-git-view.js';
import { prepareRalphBranch, publishRalphBranch } from '../../src/ralph/ralph-branch.js';
import { withdrawPersistedCredentials } from '../../src/ralph/withdraw-credentials.js';
import { TempGitRepo } from '../support/temp-git-repo.js';
import { GitHttpServer } from './git-http-server.js';
import { findSecrets, tempDir } from './hostile-agent.js';
import { testPrograms } from '../support/trusted-programs.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const TOKEN = 'ghs_PushTokenMustNotLeak0020';
const HEADER = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`;

/** A checkout of a bare repository served over smart HTTP, as actions/checkout leaves it. */
async function httpCheckout() {
  const root = tempDir('plangate-http-root-', cleanups);
  execFileSync('git', ['init', '-q', '--bare', '-b', 'main', join(root, 'origin.git')]);
  const server = await GitHttpServer.start(root);
  cleanups.push(() => server.close());
  const repo = new TempGitRepo();
  cleanups.push(() => repo.cleanup());
  repo.write({ 'a.txt': 'a\n' });
  repo.commit('a');
  const url = `${server.url}/origin.git`;
  repo.git('remote', 'add', 'origin', url);
  // Asynchronously: the server answers from this process.
  await promisify(execFile)('git', ['-c', `http.${server.url}/.extraheader=${HEADER}`, 'push', '-q', 'origin', 'main'], { cwd: repo.dir });
  repo.git('config', '--local', `http.${server.url}/.extraheader`, HEADER);
  return { root, server, repo, url };
}

describe('the credential for plangate’s own push', () => {
  it('is taken out of the config before the agent, and reaches only plangate’s push — never a hook, never the disk', async () => {
    const { root, server, repo, url } = await httpCheckout();
    const prepared = await prepareRalphBranch(testPrograms(), repo.dir, 'plangate/ralph-1-demo', 'main');
    const baseline = (await listDirtyPaths(testPrograms(), repo.dir))!;
    const withdrawn = await withdrawPersistedCredentials(testPrograms(), repo.dir, process.env);
    expect(withdrawn).toMatchObject({
      ok: true,
      withdrawn: [{ key: `http.${server.url}/.extraheader`, action: 'removed' }],
      extraheaders: [{ key: `http.${server.url}/.extraheader`, value: HEADER }],
    });
    expect(readFileSync(join(repo.dir, '.git/config'), 'utf8')).not.toContain('extraheader');
    expect(prepared.pushUrl).toBe(url);

    // The agent's turn: its work, and a pre-push hook that would record what it is given.
    repo.write({ 'b.txt': 'b\n' });
    const loot = tempDir('plangate-loot-', cleanups);
    mkdirSync(join(repo.dir, '.git/hooks'), { recursive: true });
    writeFileSync(join(repo.dir, '.git/hooks/pre-push'), `#!/bin/sh\nenv > ${loot}/pre-push.env\n`);
    chmodSync(join(repo.dir, '.git/hooks/pre-push'), 0o755);
    server.requests.length = 0;

    const pushed = await publishRalphBranch({
      prepared,
      baseline,
      message: 'ralph: demo',
      credentials: withdrawn.ok ? withdrawn.extraheaders : [],
    });
    expect(pushed.committedPaths).toEqual(['b.txt']);
    expect(
      execFileSync('git', ['rev-parse', 'refs/heads/plangate/ralph-1-demo'], { cwd: join(root, 'origin.git'), encoding: 'utf8' }).trim(),
    ).toBe(pushed.headSha);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.every((h) => h.authorization === HEADER.slice('AUTHORIZATION: '.length))).toBe(true);
    expect(existsSync(join(loot, 'pre-push.env'))).toBe(false);
    expect(findSecrets([repo.dir, loot], ['MustNotLeak0020', HEADER.slice(-20)])).toEqual([]);
  });

  it('takes passwords out of remote URLs and credentialled insteadOf rules too', async () => {
    const repo = new TempGitRepo();
    cleanups.push(() => repo.cleanup());
    repo.git('remote', 'add', 'origin', `https://x-access-token:${TOKEN}@github.com/acme/widgets.git`);
    repo.git('config', `url.https://x-access-token:${TOKEN}@github.com/.insteadOf`, 'https://github.com/');
    const withdrawn = await withdrawPersistedCredentials(testPrograms(), repo.dir, process.env);
    expect(withdrawn).toMatchObject({ ok: true, extraheaders: [] });
    expect(withdrawn.ok && withdrawn.withdrawn.map((w) => w.action).sort()).toEqual(['password removed from the URL', 'removed']);
    expect(repo.git('config', 'remote.origin.url')).toBe('https://x-access-token@github.com/acme/widgets.git');
    expect(findSecrets([repo.dir], ['MustNotLeak0020'])).toEqual([]);
  });

  it('refuses the run when a credential cannot be taken out of the file that holds it', async () => {
    const repo = new TempGitRepo();
    cleanups.push(() => repo.cleanup());
    const dir = tempDir('plangate-locked-', cleanups);
    const file = join(dir, 'credentials.config');
    writeFileSync(file, `[http "https://github.com/"]\n\textraheader = ${HEADER}\n`);
    // Someone else holds the file's lock: git cannot change it (whoever runs this, root included).
    writeFileSync(`${file}.lock`, '');
    repo.git('config', 'include.path', file);
    const withdrawn = await withdrawPersistedCredentials(testPrograms(), repo.dir, process.env);
    expect(withdrawn).toMatchObject({
      ok: false,
      problem: expect.stringContaining(`http.https://github.com/.extraheader in ${file} could not be withdrawn`),
    });
    expect(JSON.stringify(withdrawn)).not.toContain('MustNotLeak0020');
  });
});
