// No Docker engine runs on the development machines or in CI, and hadolint is not a Debian package
// here: the Dockerfile is checked structurally, and docker-compose.yml is validated by
// `docker-compose config` (Debian's docker-compose, which checks the file against the Compose
// specification's JSON schema without an engine) plus the structure the App needs.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../support/paths.js';
import { missingService } from '../support/system-services.js';

interface ComposeService {
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test: string[] };
  ports?: string[];
  image?: string;
  build?: unknown;
}

const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

/** `docker-compose config` on the repository's file (once per run: the Python CLI is slow to start). */
function composeConfig(env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync('docker-compose', ['-f', 'docker-compose.yml', 'config'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...env },
  });
  if (run.error)
    throw new Error(
      'docker-compose is not installed (it validates docker-compose.yml without a Docker engine): `apt-get install --no-install-recommends docker-compose`',
    );
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

let configured: ReturnType<typeof composeConfig>;
const withCredentials = () => (configured ??= composeConfig({ APP_ID: '1', PRIVATE_KEY: 'pem', WEBHOOK_SECRET: 'secret' }));

/** Without docker-compose the Compose file's tests skip (the run says how to install it); in CI they fail. */
const withoutCompose = missingService('docker-compose');

describe.skipIf(withoutCompose)('docker-compose.yml', () => {
  it('is a valid Compose file (docker-compose config) and refuses to start without the App credentials', () => {
    const ok = withCredentials();
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    const missing = composeConfig({});
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('set APP_ID');
  });

  it('runs Redis (persistent, never evicting) + two web replicas behind a load balancer + workers, all on that Redis', () => {
    const services = (parse(withCredentials().stdout) as { services: Record<string, ComposeService> }).services;
    const redis = services.redis!;
    expect(redis.healthcheck?.test).toContain('ping');
    expect(redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction']));
    const byRole = (role: string) => Object.entries(services).filter(([, s]) => s.command?.[0] === role);
    const webs = byRole('web');
    const workers = byRole('worker');
    expect(webs).toHaveLength(2);
    expect(workers.length).toBeGreaterThanOrEqual(2);
    for (const [, s] of [...webs, ...workers]) {
      expect(s.environment).toMatchObject({ REDIS_URL: 'redis://redis:6379', HOST: '0.0.0.0', APP_ID: '1', WEBHOOK_SECRET: 'secret' });
      expect(s.depends_on).toMatchObject({ redis: { condition: 'service_healthy' } });
      expect(s.ports).toBeUndefined();
    }
    const proxy = Object.values(services).find((s) => s.ports?.length);
    const targets = proxy!.command!.filter((_, i, all) => all[i - 1] === '--to');
    expect(targets.sort()).toEqual(webs.map(([name]) => `${name}:3000`).sort());
    // /readyz and /metrics are on a port of their own, which the proxy does not forward.
    for (const [, s] of [...webs, ...workers]) {
      expect(s.environment?.METRICS_PORT).toMatch(/^\d+$/);
      expect(s.environment?.METRICS_PORT).not.toBe(s.environment?.PORT);
      expect(proxy!.command!.join(' ')).not.toContain(`:${s.environment?.METRICS_PORT}`);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('is multi-stage: a build stage compiles, the runtime stage copies only its output and runs as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]).toMatch(/RUN npm ci\b/);
    expect(stages[0]).toMatch(/npm run build/);
    const runtime = stages.at(-1)!;
    expect(runtime).not.toMatch(/^RUN npm/m);
    expect(runtime).toMatch(/COPY --from=build \/app\/lib/);
    const user = /^USER (\S+)/m.exec(runtime)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
  });

  it('has a HEALTHCHECK on /healthz and starts bin/plangate-app.js, whose files exist', () => {
    const runtime = stages.at(-1)!;
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(runtime).toMatch(/^ENTRYPOINT \["node", "bin\/plangate-app.js"\]/m);
    for (const [, source] of runtime.matchAll(/^COPY (?!--from)(\S+)/gm)) expect(existsSync(join(REPO_ROOT, source!))).toBe(true);
    for (const [, source] of stages[0]!.matchAll(/^COPY (\S+)/gm)) expect(existsSync(join(REPO_ROOT, source!))).toBe(true);
  });

  it('.dockerignore keeps secrets, dependencies and build output out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining(['.env', '*.pem', 'node_modules', 'lib', '.git']));
  });
});
