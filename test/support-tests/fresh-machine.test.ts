import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';
import { satisfiesNodeRange } from '../support/node-range.js';
import { SYSTEM_SERVICES, type SystemService } from '../support/system-services.js';

const SERVICES = Object.keys(SYSTEM_SERVICES) as SystemService[];

/** A PATH holding every program of this one except the system services: a fresh machine without them. */
function pathWithoutServices(): string {
  const bin = mkdtempSync(join(tmpdir(), 'plangate-no-services-'));
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if ((SERVICES as string[]).includes(name)) continue;
      try {
        symlinkSync(join(dir, name), join(bin, name));
      } catch {
        // An earlier PATH entry already provides this name.
      }
    }
  }
  return bin;
}

function runVitest(file: string, env: Record<string, string | undefined>) {
  return spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', file, '--project', 'shared'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { ...process.env, PLANGATE_MISSING_SERVICES: undefined, ...env, NO_COLOR: '1' },
    timeout: 180_000,
  });
}

describe('npm test on a fresh machine without redis-server, cmark-gfm or docker-compose', () => {
  it('skips the tests that need one, saying in one line each which and how to run them; CI fails instead', () => {
    const PATH = pathWithoutServices();
    const file = 'test/render/github-rendering.test.ts';
    const fresh = runVitest(file, { PATH, PLANGATE_REQUIRE_SERVICES: undefined });
    const output = fresh.stdout + fresh.stderr;
    expect(fresh.status, output).toBe(0);
    for (const name of SERVICES) {
      const lines = output.split('\n').filter((l) => l.startsWith(`plangate tests: ${name} is not installed`));
      expect(lines, name).toHaveLength(1);
      expect(lines[0]).toContain('To run them, install it with `apt-get install');
    }
    expect(output).toMatch(/Tests\s+1 passed \| 5 skipped/);
    expect(output).not.toContain('TypeError');

    const ci = runVitest(file, { PATH, PLANGATE_REQUIRE_SERVICES: '1' });
    expect(ci.status).toBe(1);
    expect(ci.stdout + ci.stderr).toContain(
      'plangate tests: PLANGATE_REQUIRE_SERVICES=1 and redis-server, cmark-gfm, docker-compose are not installed',
    );
  });

  it('every test file that starts a system service asks for it, and .ci/run makes a missing one a failure', () => {
    const uses: Record<SystemService, RegExp> = {
      'redis-server': /\bstartRedis\(/,
      'cmark-gfm': /\bgithubMarkdownToHtml\(/,
      'docker-compose': /spawnSync\('docker-compose'/,
    };
    const files = listTests(join(REPO_ROOT, 'test'));
    for (const [name, pattern] of Object.entries(uses)) {
      const users = files.filter((f) => pattern.test(readFileSync(f, 'utf8')));
      expect(users.length, name).toBeGreaterThan(0);
      for (const f of users) expect(readFileSync(f, 'utf8'), f).toContain(`missingService('${name}')`);
    }
    const script = readFileSync(join(REPO_ROOT, '.ci/run'), 'utf8');
    expect(script).toMatch(/^PLANGATE_REQUIRE_SERVICES=1 npm test$/m);
  });
});

describe('engines and dependencies agree', () => {
  it('reads engines ranges as npm does', () => {
    expect(satisfiesNodeRange('^20.19.0 || >=22.12.0', '20.18.1')).toBe(false);
    expect(satisfiesNodeRange('^20.19.0 || >=22.12.0', '20.19.0')).toBe(true);
    expect(satisfiesNodeRange('>=22', '20.20.2')).toBe(false);
    expect(satisfiesNodeRange('>= 18', '20.19.0')).toBe(true);
    expect(satisfiesNodeRange('6.* || 8.* || >= 10.*', '20.19.0')).toBe(true);
    expect(satisfiesNodeRange('~20.18.0', '20.19.0')).toBe(false);
    expect(satisfiesNodeRange('>=12 <14 || >=16', '13.1.0')).toBe(true);
  });

  it('every package npm ci installs supports the oldest Node the package declares (no EBADENGINE warning)', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    const oldest = /^>=\s*(\d+\.\d+\.\d+)$/.exec(manifest.engines.node)?.[1];
    expect(oldest, 'engines.node is ">=x.y.z"').toBeDefined();
    const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages)
      .map(([path, p]) => [path, Array.isArray(p.engines) ? undefined : p.engines?.node] as const)
      .filter(([, range]) => range !== undefined && !satisfiesNodeRange(range, oldest!))
      .map(([path, range]) => `${path} (node ${range})`);
    expect(refusing).toEqual([]);
  });

  it('the README and CONTRIBUTING name that Node', () => {
    const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
    const oldest = manifest.engines.node.replace(/^>=\s*/, '').replace(/\.0$/, '');
    for (const doc of ['README.md', 'CONTRIBUTING.md'])
      expect(readFileSync(join(REPO_ROOT, doc), 'utf8'), doc).toContain(`Node ≥ ${oldest}`);
  });
});

function listTests(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'fixtures') out.push(...listTests(path));
    } else if (entry.name.endsWith('.test.ts') && !path.endsWith('fresh-machine.test.ts')) out.push(path);
  }
  return out;
}
