import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { EXAMPLES, REPO_ROOT } from '../support/paths.js';

const run = promisify(execFile);
const BUNDLE = join(REPO_ROOT, 'lib/cli-bundle/plangate.cjs');
// Offline and quiet: installing the tarball must need nothing from a registry.
const NPM_ENV = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
  npm_config_loglevel: 'error',
};
const temp = mkdtempSync(join(tmpdir(), 'plangate-pack-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the npm package, as a user installs it', () => {
  it('packs the CLI bundle only, installs with no dependencies (no probot), and `npx plangate` checks an example', async () => {
    if (!existsSync(BUNDLE)) throw new Error('lib/cli-bundle is missing: run `npm run build`');
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string; files: string[] };
    const files = pkg.files;

    // npm's own pack lifecycle (prepack strips the manifest, postpack restores it) on a copy of the
    // packable tree, so the repository's package.json never changes under the other tests' feet.
    const source = join(temp, 'source');
    for (const entry of [...files, 'package.json', 'scripts/pack-manifest.js'])
      cpSync(join(REPO_ROOT, entry), join(source, entry), { recursive: true });
    const packed = await run('npm', ['pack', '--json', '--pack-destination', temp], {
      cwd: source,
      env: { ...NPM_ENV, PLANGATE_PACK_PREBUILT: '1' },
    });
    const [tarball] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    expect(readFileSync(join(source, 'package.json'), 'utf8')).toBe(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    const paths = tarball!.files.map((f) => f.path);
    expect(paths).toContain('bin/plangate.js');
    expect(paths).toContain('bin/package.json'); // it makes bin/plangate.js CommonJS in a "type": "module" package
    expect(paths).toContain('lib/cli-bundle/plangate.cjs');
    expect(paths).toContain('lib/cli-bundle/plangate.cjs.cache');
    expect(paths).toContain('lib/cli-bundle/licenses.txt');
    // Only the CLI: not the App, its binary, tsc's unbundled output, sources or tests.
    expect(
      paths.filter((p) => !/^(bin\/plangate\.js|bin\/package\.json|lib\/cli-bundle\/|schema\/|package\.json|README\.md|LICENSE)/.test(p)),
    ).toEqual([]);

    const user = join(temp, 'user');
    mkdirSync(user);
    writeFileSync(join(user, 'package.json'), '{ "name": "someone-elses-project", "private": true }\n');
    const installed = await run('npm', ['install', '--offline', '--no-audit', '--no-fund', join(temp, tarball!.filename)], {
      cwd: user,
      env: { ...NPM_ENV, npm_config_loglevel: 'warn' },
    });
    // The published manifest is the user's: no development scripts (npm 11 warns on a `prepare`), dev dependencies or allowScripts.
    expect(installed.stderr).not.toMatch(/install-scripts|allowScripts/);
    const published = JSON.parse(readFileSync(join(user, 'node_modules/plangate/package.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(published).filter((k) => ['scripts', 'devDependencies', 'allowScripts'].includes(k))).toEqual([]);
    expect(published).toMatchObject({ name: 'plangate', version: pkg.version, bin: { plangate: 'bin/plangate.js' } });
    // Zero runtime dependencies: the App's optional peers (probot, bullmq, ioredis, prom-client) stay out.
    expect(readdirSync(join(user, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['plangate']);
    expect(existsSync(join(user, 'node_modules/probot'))).toBe(false);

    const version = await run('npx', ['--offline', '--no', '--', 'plangate', '--version'], { cwd: user, env: NPM_ENV });
    expect(version.stdout.trim()).toBe(pkg.version);
    const check = await run('npx', ['--offline', '--no', '--', 'plangate', 'check', join(EXAMPLES, 'omx-complete'), '--format', 'json'], {
      cwd: user,
      env: NPM_ENV,
    });
    const report = JSON.parse(check.stdout) as { result: string; gate: string; checks: { plans: { status: string } } };
    expect(report).toMatchObject({ result: 'pass', gate: 'unlocked', checks: { plans: { status: 'pass' } } });

    const blocked = await run('npx', ['--offline', '--no', '--', 'plangate', 'check', join(EXAMPLES, 'omx-blocked')], {
      cwd: user,
      env: NPM_ENV,
    }).catch((e: { code: number; stdout: string }) => e);
    expect('code' in blocked ? blocked.code : 0).toBe(1);
    expect(blocked.stdout).toContain('BLOCKED');
  });
});
