import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';
import { freePort, startRedis, type TestRedis } from '../support/redis/start-redis.js';
import { missingService } from '../support/system-services.js';
import { testPrivateKey, WEBHOOK_SECRET } from '../support/app-harness.js';

/**
 * The App started exactly as README, docs/app.md, docs/deploy.md and the Dockerfile tell a user to
 * start it: `npm start`, `node bin/plangate-app.js web|worker|all`, and the image's ENTRYPOINT + CMD
 * in the file layout the Dockerfile's runtime stage copies. Nothing here imports the App's source.
 */

const started: ChildProcess[] = [];
const temps: string[] = [];
/** Without redis-server these tests skip (the run says how to install it); in CI they fail. */
const withoutRedis = missingService('redis-server');
let redis: TestRedis;
let keyFile: string;

beforeAll(async () => {
  redis = await startRedis();
  const dir = tempDir('key');
  keyFile = join(dir, 'app.pem');
  writeFileSync(keyFile, testPrivateKey());
});
afterAll(async () => {
  await redis?.stop();
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `plangate-entry-${name}-`));
  temps.push(dir);
  return dir;
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
  signal: () => NodeJS.Signals | null;
}

function start(command: string, args: string[], options: { cwd: string; env: Record<string, string>; group?: boolean }): Started {
  // Only what the user sets: no inherited APP_ID/REDIS_URL/NODE_ENV from the test process.
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...options.env };
  const child = spawn(command, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: options.group === true });
  started.push(child);
  let text = '';
  child.stdout!.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (text += d.toString()));
  let signal: NodeJS.Signals | null = null;
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code, by) => {
      signal = by;
      resolve(code);
    }),
  );
  return { child, output: () => text, exit, signal: () => signal };
}

async function healthz(port: number, deadlineMs = 20_000): Promise<number> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    try {
      return (await fetch(`http://127.0.0.1:${port}/healthz`)).status;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function stopGracefully(s: Started): Promise<number | null> {
  s.child.kill('SIGTERM');
  return s.exit;
}

async function credentials(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    APP_ID: '12345',
    PRIVATE_KEY_PATH: keyFile,
    WEBHOOK_SECRET,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    METRICS_PORT: '0',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

describe.skipIf(withoutRedis)('npm start (the quick start of README and docs/app.md)', () => {
  it('serves /healthz with credentials and stops on Ctrl-C with exit 0', async () => {
    const env = await credentials({ LOG_LEVEL: 'info' });
    const app = start('npm', ['start', '--silent'], { cwd: REPO_ROOT, env, group: true });
    expect(await healthz(Number(env.PORT)), app.output()).toBe(200);
    // Ctrl-C in a terminal: SIGINT to the whole foreground process group (npm and the App).
    process.kill(-app.child.pid!, 'SIGINT');
    const code = await app.exit;
    // npm waits for the App, then ends itself by the same signal (its way of passing on Ctrl-C).
    expect({ code, signal: app.signal() }).toEqual({ code: null, signal: 'SIGINT' });
    expect(app.output()).toContain('plangate App stopping');
    expect(app.output()).not.toMatch(/SyntaxError|Cannot use import statement|npm error/);
  });

  it('without credentials in production says what is missing and exits 1', async () => {
    const app = start('npm', ['start', '--silent'], { cwd: REPO_ROOT, env: { NODE_ENV: 'production' } });
    expect(await app.exit).toBe(1);
    expect(app.output()).toContain('plangate-app cannot start:');
    expect(app.output()).toContain('APP_ID must be the App id');
    expect(app.output()).toContain('PRIVATE_KEY or PRIVATE_KEY_PATH is required');
    expect(app.output()).toContain('WEBHOOK_SECRET is required');
  });
});

describe.skipIf(withoutRedis)('node bin/plangate-app.js <role> (docs/deploy.md)', () => {
  it.each(['web', 'worker', 'all'] as const)('%s: serves /healthz with credentials and Redis, stops on SIGTERM', async (role) => {
    const env = await credentials({ REDIS_URL: redis.url });
    const app = start(process.execPath, ['bin/plangate-app.js', role], { cwd: REPO_ROOT, env });
    expect(await healthz(Number(env.PORT)), app.output()).toBe(200);
    expect(await stopGracefully(app)).toBe(0);
  });

  it.each(['web', 'worker'] as const)('%s without REDIS_URL names the missing queue and exits 1', async (role) => {
    const app = start(process.execPath, ['bin/plangate-app.js', role], { cwd: REPO_ROOT, env: await credentials() });
    expect(await app.exit).toBe(1);
    expect(app.output()).toContain(`the ${role} role needs REDIS_URL`);
  });
});

/** The runtime stage of the Dockerfile: its ENV, its COPY lines, its ENTRYPOINT and CMD. */
function dockerRuntimeStage(): { env: Record<string, string>; copies: { from?: string; src: string; dest: string }[]; command: string[] } {
  const text = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8').replace(/\\\n/g, ' ');
  const stages = text.split(/^FROM\s.*$/m);
  const runtime = stages[stages.length - 1]!;
  const env: Record<string, string> = {};
  const copies: { from?: string; src: string; dest: string }[] = [];
  let entrypoint: string[] = [];
  let cmd: string[] = [];
  for (const line of runtime.split('\n').map((l) => l.trim())) {
    if (line.startsWith('ENV ')) for (const [, k, v] of line.slice(4).matchAll(/(\w+)=(\S+)/g)) env[k!] = v!;
    const copy = /^COPY\s+(?:--from=(\S+)\s+)?(\S+)\s+(\S+)$/.exec(line);
    if (copy) copies.push({ ...(copy[1] ? { from: copy[1] } : {}), src: copy[2]!, dest: copy[3]! });
    if (line.startsWith('ENTRYPOINT ')) entrypoint = JSON.parse(line.slice(11)) as string[];
    if (line.startsWith('CMD ')) cmd = JSON.parse(line.slice(4)) as string[];
  }
  return { env, copies, command: [...entrypoint, ...cmd] };
}

describe.skipIf(withoutRedis)("the Docker image's entry point, in the layout the Dockerfile copies", () => {
  it('starts from ENTRYPOINT + CMD with the image ENV and serves /healthz', async () => {
    const stage = dockerRuntimeStage();
    expect(stage.command[0]).toBe('node');
    const root = tempDir('image');
    // The build stage's /app holds the repository's package.json, node_modules and the compiled lib/.
    for (const { src, dest } of stage.copies) {
      const from = join(REPO_ROOT, src.replace(/^\/app\//, ''));
      const to = join(root, dest.replace(/^\.\//, ''));
      mkdirSync(dirname(to), { recursive: true });
      if (src.endsWith('node_modules')) symlinkSync(from, to);
      else cpSync(from, to, { recursive: true });
    }
    const env = await credentials({ ...stage.env, PORT: String(await freePort()), HOST: '127.0.0.1', METRICS_PORT: '0' });
    const app = start(process.execPath, stage.command.slice(1), { cwd: root, env });
    expect(await healthz(Number(env.PORT)), app.output()).toBe(200);
    expect(await stopGracefully(app)).toBe(0);
  });
});
