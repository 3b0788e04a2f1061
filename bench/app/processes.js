// The App's replicas as real processes: `node bin/plangate-app.js <role>`, configured by the
// environment as in production, each log line kept in bench/out/app/<name>.log.
import { spawn } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The production environment of every replica: the fake GitHub's App, a fresh key, Redis, loopback. */
export function replicaEnv({ fake, redisUrl, secret, extra = {} }) {
  const privateKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  return {
    APP_ID: String(fake.state.app.id),
    PRIVATE_KEY: privateKey,
    WEBHOOK_SECRET: secret,
    REDIS_URL: redisUrl,
    GITHUB_API_URL: fake.url,
    HOST: '127.0.0.1',
    PORT: '0',
    METRICS_PORT: '0',
    NODE_ENV: 'production',
    ...extra,
  };
}

export function startReplica({ name, role, env, root, outDir }) {
  const log = createWriteStream(join(outDir, `${name}.log`), { flags: 'a' });
  const child = spawn(process.execPath, [join(root, 'bin/plangate-app.js'), role], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let pending = '';
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 60 s`)), 60_000);
    child.stdout.on('data', (chunk) => {
      log.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop();
      for (const line of lines) {
        if (!line.includes('plangate App listening')) continue;
        clearTimeout(timer);
        resolve(JSON.parse(line).url);
      }
    });
    child.stderr.on('data', (chunk) => log.write(chunk));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before it listened; see ${name}.log`));
    });
  });
  const replica = { name, role, child, url: undefined, ready: ready.then((url) => (replica.url = url)) };
  replica.ready.catch(() => undefined);
  return replica;
}

/** SIGKILL: no shutdown, no lock release — what a crashed or OOM-killed worker looks like. */
export function kill(replica) {
  return new Promise((resolve) => {
    if (replica.child.exitCode !== null || replica.child.signalCode !== null) return resolve();
    replica.child.once('exit', () => resolve());
    replica.child.kill('SIGKILL');
  });
}

/** SIGTERM and wait: the graceful stop a rolling upgrade uses. */
export function stop(replica) {
  return new Promise((resolve) => {
    if (replica.child.exitCode !== null || replica.child.signalCode !== null) return resolve();
    const timer = setTimeout(() => replica.child.kill('SIGKILL'), 30_000);
    replica.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    replica.child.kill('SIGTERM');
  });
}

/** The JSON lines a replica wrote (all of its lives). */
export function readLog(outDir, name) {
  return readFileSync(join(outDir, `${name}.log`), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l));
}
