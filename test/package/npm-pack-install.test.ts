import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/** A copy of the packable tree (what `files` lists, the manifest and the pack script), so npm's lifecycle never touches the repository's package.json. */
function packableCopy(name: string): string {
  const { files } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { files: string[] };
  const source = join(temp, name);
  for (const entry of [...files, 'package.json', 'scripts/pack-manifest.js'])
    cpSync(join(REPO_ROOT, entry), join(source, entry), { recursive: true });
  return source;
}

interface Publish {
  manifest: Record<string, unknown>;
  tarball: Buffer;
}

/** A registry on localhost that answers `npm publish`'s PUT with `status` and keeps what was sent. */
async function fakeRegistry(status: number): Promise<{ url: string; published: Publish[]; close: () => void }> {
  const published: Publish[] = [];
  const body = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((req, res) => {
    void body(req).then((text) => {
      if (req.method === 'PUT' && req.url === '/plangate') {
        const doc = JSON.parse(text) as {
          versions: Record<string, Record<string, unknown>>;
          _attachments: Record<string, { data: string }>;
        };
        const [manifest] = Object.values(doc.versions);
        const [attachment] = Object.values(doc._attachments);
        published.push({ manifest: manifest!, tarball: Buffer.from(attachment!.data, 'base64') });
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      } else res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, published, close: () => server.close() };
}

async function publishTo(source: string, registry: string) {
  const host = registry.replace(/^http:/, '');
  return run('npm', ['publish', '--registry', registry, `--${host}:_authToken=plangate-test`], {
    cwd: source,
    env: { ...NPM_ENV, PLANGATE_PACK_PREBUILT: '1' },
  });
}

describe('the npm package, as a user installs it', () => {
  it('packs the CLI bundle only, installs with no dependencies (no probot), and `npx plangate` checks an example', async () => {
    if (!existsSync(BUNDLE)) throw new Error('lib/cli-bundle is missing: run `npm run build`');
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };

    // npm's own pack lifecycle (prepack strips the manifest, postpack restores it) on a copy of the
    // packable tree, so the repository's package.json never changes under the other tests' feet.
    const source = packableCopy('source');
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

  it('publishes to the registry the manifest its tarball holds (npm reads package.json again after packing), and puts the repository manifest back', async () => {
    const repoManifest = readFileSync(join(REPO_ROOT, 'package.json'), 'utf8');
    const registry = await fakeRegistry(201);
    try {
      const source = packableCopy('publish');
      await publishTo(source, registry.url);
      expect(registry.published).toHaveLength(1);
      const [{ manifest, tarball }] = registry.published as [Publish];
      writeFileSync(join(temp, 'published.tgz'), tarball);
      const inTarball = JSON.parse((await run('tar', ['-xzOf', join(temp, 'published.tgz'), 'package/package.json'])).stdout) as Record<
        string,
        unknown
      >;
      for (const key of ['scripts', 'devDependencies', 'allowScripts', 'dependencies', 'peerDependencies', 'bin', 'engines'])
        expect(manifest[key], key).toEqual(inTarball[key]);
      expect(manifest.devDependencies).toBeUndefined();
      expect(manifest.allowScripts).toBeUndefined();
      // One script is left, to put the development manifest back once the registry has the user's.
      expect(manifest.scripts).toEqual({ postpublish: 'node scripts/pack-manifest.js restore' });
      expect(readFileSync(join(source, 'package.json'), 'utf8')).toBe(repoManifest);
      expect(existsSync(join(source, 'package.json.development'))).toBe(false);
    } finally {
      registry.close();
    }
  });

  it('after a publish the registry refuses, the next run of the restore script puts the development manifest back', async () => {
    const repoManifest = readFileSync(join(REPO_ROOT, 'package.json'), 'utf8');
    const registry = await fakeRegistry(403);
    try {
      const source = packableCopy('refused');
      const refused = await publishTo(source, registry.url).catch((e: { code: number; stderr: string }) => e);
      expect('code' in refused && refused.code).not.toBe(0);
      expect(readFileSync(join(source, 'package.json'), 'utf8')).not.toBe(repoManifest);
      expect(refused.stderr).toContain('node scripts/pack-manifest.js restore');
      await run('node', ['scripts/pack-manifest.js', 'restore'], { cwd: source });
      expect(readFileSync(join(source, 'package.json'), 'utf8')).toBe(repoManifest);
    } finally {
      registry.close();
    }
  });
});
