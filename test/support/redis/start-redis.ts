import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestRedis {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Stops the server (SIGTERM, no save): clients see it go away. */
  stop(): Promise<void>;
  /** Starts it again on the same port (data gone: no persistence in tests). */
  restart(): Promise<void>;
}

const BINARY = process.env.REDIS_SERVER ?? 'redis-server';

/** A free loopback port (the kernel picks one; we close it and hand it to redis-server). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function assertInstalled(): void {
  const probe = spawnSync(BINARY, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `redis-server is not installed (needed by the App's queue tests): install it with \`apt-get install redis-server\` (Debian/Ubuntu) or set REDIS_SERVER to its path`,
    );
  }
}

/**
 * A real `redis-server` of our own on a free loopback port, no persistence, in a temp dir.
 * The files that call it skip when it is not installed (system-services.ts); in CI they fail.
 */
export async function startRedis(): Promise<TestRedis> {
  assertInstalled();
  let port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'plangate-redis-'));
  let child: ChildProcess | undefined;

  const launch = async () => {
    const proc = spawn(
      BINARY,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
        '--maxmemory-policy',
        'noeviction',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    let output = '';
    proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (proc.exitCode !== null) throw new Error(`redis-server exited (${proc.exitCode}): ${output.slice(-500)}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}: ${output.slice(-500)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  const stop = async () => {
    const proc = child;
    child = undefined;
    // Killed by a signal, a process has a signalCode and no exitCode; its exit event has been and gone.
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.kill('SIGTERM');
    // redis-server saves before it exits on SIGTERM; on a loaded machine that must not outlast a test hook.
    const kill = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(kill);
  };

  // The server is ours alone: never leave it behind when the test process ends.
  process.once('exit', () => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });
  for (let attempt = 1; ; attempt++) {
    try {
      await launch();
      break;
    } catch (error) {
      // Another process (a parallel test file's server) can take the port between the probe and redis-server's bind.
      if (attempt >= 5 || !/address already in use/i.test(String(error))) throw error;
      await stop();
      port = await freePort();
    }
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop, restart: launch };
}

/** A raw RESP PING over TCP (no client library: this is how the helper knows the server is up). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}
