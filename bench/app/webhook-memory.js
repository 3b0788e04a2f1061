#!/usr/bin/env node
// `node bench/app/webhook-memory.js` (after `npm run build`; Linux: reads /proc): the memory of a
// real web replica (`node bin/plangate-app.js web`, Redis, configured as in production) while
// slow connections each trickle an unsigned body of GitHub's size toward it. Every connection
// that is answered or cut is opened again, so the flood keeps its size for the whole run; a
// signed delivery is sent in the middle of it. Prints and writes bench/out/app/webhook-memory.json:
// RSS before, peak (VmHWM) and after, the answers, and the documented limit (docs/deploy.md).
// Options: --connections 100 --mb 24 --seconds 20 --chunk-kb 64 --every-ms 100 --limit-mb 128
//          --chunked (no Content-Length: the body is not reserved from its headers but block by block)
//          --root <checkout> (another checkout's bin/plangate-app.js, e.g. to measure main)
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { replicaEnv } from './processes.js';

const here = join(dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const cfg = {
  connections: Number(opt('connections', 100)),
  mb: Number(opt('mb', 24)),
  seconds: Number(opt('seconds', 20)),
  chunkKb: Number(opt('chunk-kb', 64)),
  everyMs: Number(opt('every-ms', 100)),
  limitMb: Number(opt('limit-mb', 128)),
  chunked: argv.includes('--chunked'),
  root: resolve(opt('root', here)),
};
const MB = 1024 * 1024;
const mb = (bytes) => Math.round((bytes / MB) * 10) / 10;
const SECRET = 'plangate-bench-secret';
const outDir = join(here, 'bench/out/app');
mkdirSync(outDir, { recursive: true });

const load = (path) => tsImport(join(here, path), import.meta.url);
const { startRedis } = await load('test/support/redis/start-redis.ts');
const { FakeGitHub } = await load('test/support/fake-github/index.ts');

/** Resident memory of a process from /proc: now, and its high-water mark. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

const redis = await startRedis();
const fake = await FakeGitHub.start();
// Its log goes straight to a file: piped through this busy process, unread lines would pile up in the replica.
const logFile = join(outDir, 'webhook-memory.log');
const logFd = openSync(logFile, 'w');
const child = spawn(process.execPath, [join(cfg.root, 'bin/plangate-app.js'), 'web'], {
  cwd: cfg.root,
  env: { ...process.env, ...replicaEnv({ fake, redisUrl: redis.url, secret: SECRET }) },
  stdio: ['ignore', logFd, logFd],
});
const listening = await (async () => {
  for (let i = 0; i < 600; i++) {
    const line = readFileSync(logFile, 'utf8')
      .split('\n')
      .find((l) => l.includes('plangate App listening'));
    if (line) return JSON.parse(line);
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the web replica did not start; see ${logFile}`);
})();
const replica = { child, metricsUrl: listening.metricsUrl };
const url = new URL(listening.url);
await new Promise((r) => setTimeout(r, 3000));
const before = memoryOf(replica.child.pid);

const answers = {};
let opened = 0;
let bytesSent = 0;
let flooding = true;
const live = new Set();

/** One unsigned upload declaring the whole body, a chunk every few ms; reopened when it ends. */
function upload(i) {
  if (!flooding) return;
  opened++;
  const chunk = Buffer.alloc(cfg.chunkKb * 1024, '{"a":1}');
  const total = cfg.mb * MB;
  const req = request({
    hostname: url.hostname,
    port: url.port,
    method: 'POST',
    path: '/api/github/webhooks',
    headers: {
      'content-type': 'application/json',
      ...(cfg.chunked ? {} : { 'content-length': String(total) }),
      'x-github-event': 'pull_request',
      'x-github-delivery': `flood-${i}-${opened}`,
      'x-hub-signature-256': `sha256=${'0'.repeat(64)}`,
    },
  });
  let sent = 0;
  let done = false;
  const end = (status) => {
    if (done) return;
    done = true;
    clearInterval(timer);
    live.delete(req);
    answers[status] = (answers[status] ?? 0) + 1;
    req.destroy();
    setTimeout(() => upload(i), 10);
  };
  live.add(req);
  req.on('response', (res) => {
    res.resume();
    end(String(res.statusCode));
  });
  req.on('error', () => end('cut'));
  const timer = setInterval(() => {
    if (done || sent >= total) return;
    sent += chunk.length;
    bytesSent += chunk.length;
    req.write(chunk);
    if (sent >= total) req.end();
  }, cfg.everyMs);
}

/** A signed delivery GitHub would send, in the middle of the flood. */
async function signedPing() {
  const body = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 });
  const started = performance.now();
  const res = await fetch(`${url.origin}/api/github/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'ping',
      'x-github-delivery': 'bench-ping',
      'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
    },
    body,
  });
  await res.text();
  return { status: res.status, ms: Math.round(performance.now() - started) };
}

/** V8 heap and external (Buffer) memory as the replica's own /metrics reports them (operations port). */
async function heapOf(r) {
  if (!r.metricsUrl) return undefined;
  const text = await (await fetch(`${r.metricsUrl}/metrics`)).text();
  const value = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN);
  return {
    heapUsed: mb(value('plangate_nodejs_heap_size_used_bytes')),
    heapTotal: mb(value('plangate_nodejs_heap_size_total_bytes')),
    external: mb(value('plangate_nodejs_external_memory_bytes')),
    bodyBytesInFlight: mb(value('plangate_webhook_body_bytes_in_flight')),
  };
}

let peakRss = before.rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, memoryOf(replica.child.pid).rss)), 50);
for (let i = 0; i < cfg.connections; i++) upload(i);
await new Promise((r) => setTimeout(r, (cfg.seconds * 1000) / 2));
const ping = await signedPing();
await new Promise((r) => setTimeout(r, (cfg.seconds * 1000) / 2));
flooding = false;
for (const req of live) req.destroy();
const during = memoryOf(replica.child.pid);
const heapDuring = await heapOf(replica);
await new Promise((r) => setTimeout(r, 5000));
const heapAfter = await heapOf(replica);
clearInterval(sampler);
const after = memoryOf(replica.child.pid);
await new Promise((r) => {
  child.once('exit', r);
  child.kill('SIGTERM');
});
closeSync(logFd);
await fake.close();
await redis.stop();

const result = {
  root: cfg.root,
  connections: cfg.connections,
  bodyMiB: cfg.mb,
  lengthDeclared: !cfg.chunked,
  seconds: cfg.seconds,
  offeredMiBPerSecond: mb((cfg.connections * cfg.chunkKb * 1024 * 1000) / cfg.everyMs),
  uploadsOpened: opened,
  miBSent: mb(bytesSent),
  answers,
  signedPingDuringFlood: ping,
  rssMiB: { before: mb(before.rss), peak: mb(Math.max(peakRss, during.hwm)), after: mb(after.rss) },
  heapMiB: { endOfFlood: heapDuring, after: heapAfter },
  limitMiB: cfg.limitMb,
  withinLimit: Math.max(peakRss, during.hwm) <= cfg.limitMb * MB,
};
writeFileSync(join(outDir, 'webhook-memory.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
process.exit(result.withinLimit ? 0 : 1);
