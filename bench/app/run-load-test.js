#!/usr/bin/env node
// `npm run bench:app`: the App at organisation scale, as real processes on this machine.
// One redis-server, the fake GitHub (a real HTTP server in this process, one App installation per
// account), 3 web replicas and 2 workers (`node bin/plangate-app.js web|worker`, Probot's
// Redis-backed throttling on). 50 repositories, 1,000 deliveries (opened / synchronize / labeled /
// issue_comment, 20 % redelivered with the same delivery id, labellings duplicated at once), one
// worker SIGKILLed mid-run and restarted. Checks every must-show and prints the numbers.
// Options: --repos 50 --pulls 2 --syncs 4 --deliveries 1000 --rate 25 --web 3 --workers 2 --seed 1
import { createHmac } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { kill, readLog, replicaEnv, startReplica, stop } from './processes.js';
import { buildStreams, random } from './schedule.js';
import { seedOrg, WRITER } from './seed-org.js';
import { installationRates, percentile, summary, verifyEffects } from './verify.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'bench/out/app');
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const cfg = {
  repos: opt('repos', 50),
  pulls: opt('pulls', 2),
  syncs: opt('syncs', 4),
  deliveries: opt('deliveries', 1000),
  rate: opt('rate', 25),
  web: opt('web', 3),
  workers: opt('workers', 2),
  seed: opt('seed', 1),
};
const SECRET = 'plangate-bench-secret';

const load = (path) => tsImport(join(root, path), import.meta.url);
const { startRedis } = await load('test/support/redis/start-redis.ts');
const { FakeGitHub } = await load('test/support/fake-github/index.ts');
const payloads = await load('test/support/app-payloads.ts');
const { PRD_BODY, SPEC_BODY } = await load('test/support/evaluate-files.ts');
const { Queue } = await import('bullmq');
const { Redis } = await import('ioredis');
const { DELIVERY_QUEUE, jobIdOf } = await import(join(root, 'lib/app/queue/delivery-job.js'));
const { GATE_COMMENT_MARKER } = await import(join(root, 'lib/github/sticky-comment.js'));
const RUN_MARKER = '<!-- plangate:run -->';

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const redis = await startRedis();
const fake = await FakeGitHub.start();
const org = seedOrg(fake, { repos: cfg.repos, pullsPerRepo: cfg.pulls, root, PRD_BODY, SPEC_BODY });
const streams = buildStreams({ fake, org, syncs: cfg.syncs, payloads, WRITER });
const unique = streams.reduce((n, s) => n + (s.kind === 'pull' ? s.steps.length : 2), 0);
const redeliveries = cfg.deliveries - unique;
if (redeliveries < 0) throw new Error(`--deliveries ${cfg.deliveries} is less than the ${unique} distinct deliveries of this mix`);

const env = replicaEnv({
  fake,
  redisUrl: redis.url,
  secret: SECRET,
  extra: { LOG_LEVEL: 'info', WORKER_CONCURRENCY: '60', JOB_LOCK_MS: '10000' },
});
const webs = Array.from({ length: cfg.web }, (_, i) => startReplica({ name: `web-${i + 1}`, role: 'web', env, root, outDir }));
const workers = Array.from({ length: cfg.workers }, (_, i) => startReplica({ name: `worker-${i + 1}`, role: 'worker', env, root, outDir }));
await Promise.all([...webs, ...workers].map((r) => r.ready));
console.log(
  `started ${cfg.web} web replicas and ${cfg.workers} workers; ${cfg.repos} repositories, ${unique} distinct deliveries + ${redeliveries} redeliveries`,
);

// ── send ────────────────────────────────────────────────────────────────────
const rnd = random(cfg.seed);
const acks = [];
const uniqueIds = [];
const redeliverAt = new Set();
while (redeliverAt.size < redeliveries) redeliverAt.add(Math.floor(rnd() * unique));
const dueRedeliveries = [];
let next = 0;
let turn = 0;
let killed = false;
let restart;

async function post(delivery, id, kind) {
  const body = JSON.stringify(delivery.payload);
  const signature = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
  const web = webs[turn++ % webs.length];
  const started = performance.now();
  const res = await fetch(`${web.url}/api/github/webhooks`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': delivery.name,
      'x-github-delivery': id,
      'x-hub-signature-256': signature,
    },
    body,
  });
  const text = await res.text();
  acks.push({ id, kind, status: res.status, ms: performance.now() - started, outcome: res.ok ? JSON.parse(text).outcome : text });
}

async function runStep(stream) {
  stream.busy = true;
  const deliveries = stream.steps[stream.next++]();
  await Promise.all(
    deliveries.map((d) => {
      const id = `bench-${next++}`;
      const index = uniqueIds.push(id) - 1;
      return post(d, id, d.duplicate ? 'duplicate' : 'first').then(() => {
        if (redeliverAt.has(index)) dueRedeliveries.push({ at: Date.now() + 2000 + rnd() * 10_000, delivery: d, id });
      });
    }),
  );
  stream.busy = false;
}

const started = Date.now();
const inFlight = new Set();
const track = (p) => (inFlight.add(p), p.finally(() => inFlight.delete(p)));
for (let tick = 0; ; tick++) {
  const sentCount = acks.length + inFlight.size;
  if (!killed && sentCount >= cfg.deliveries * 0.4) {
    killed = true;
    const victim = workers[0];
    await kill(victim);
    console.log(`SIGKILL ${victim.name} after ${sentCount} deliveries; restarting it in 3 s`);
    restart = new Promise((r) => setTimeout(r, 3000)).then(() => {
      workers[0] = startReplica({ name: victim.name, role: 'worker', env, root, outDir });
      return workers[0].ready;
    });
  }
  const due = dueRedeliveries.findIndex((r) => r.at <= Date.now());
  const open = streams.filter((s) => !s.busy && s.next < s.steps.length);
  if (due >= 0) {
    const [r] = dueRedeliveries.splice(due, 1);
    track(post(r.delivery, r.id, 'redelivery'));
  } else if (open.length) {
    track(runStep(open[Math.floor(rnd() * open.length)]));
  } else if (!dueRedeliveries.length && streams.every((s) => s.next >= s.steps.length)) break;
  if (tick % (cfg.rate * 5) === 0) console.log(`  ${acks.length} acknowledged, ${inFlight.size} in flight`);
  await new Promise((r) => setTimeout(r, 1000 / cfg.rate));
}
await Promise.all(inFlight);
await restart;
const sendSeconds = (Date.now() - started) / 1000;
console.log(`sent ${acks.length} deliveries in ${sendSeconds.toFixed(1)} s; waiting for the queue to drain`);

// ── drain ───────────────────────────────────────────────────────────────────
const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
const queue = new Queue(DELIVERY_QUEUE, { connection });
const deadline = Date.now() + 20 * 60_000;
for (;;) {
  const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed');
  if (c.waiting + c.active + c.delayed + c.prioritized === 0) break;
  if (Date.now() > deadline) throw new Error(`the queue did not drain: ${JSON.stringify(c)}`);
  await new Promise((r) => setTimeout(r, 2000));
}
const drainedSeconds = (Date.now() - started) / 1000;
const states = await Promise.all(uniqueIds.map((id) => queue.getJobState(jobIdOf(id))));
const accepted = new Set(acks.filter((a) => a.status === 202).map((a) => a.id));
const lost = uniqueIds.filter((id, i) => accepted.has(id) && states[i] !== 'completed');
await queue.close();
await connection.quit();
await Promise.all([...webs, ...workers].map(stop));

// ── numbers and must-shows ──────────────────────────────────────────────────
const logs = workers.flatMap((w) => readLog(outDir, w.name));
const jobs = logs.filter((l) => l.msg === 'plangate: job completed');
const evaluations = logs.filter((l) => l.msg === 'plangate: evaluated');
const effects = verifyEffects(fake, org, { gate: GATE_COMMENT_MARKER, run: RUN_MARKER });
const rates = installationRates(fake.requests);
const ack = summary(acks.map((a) => a.ms));
const jobLatency = summary(jobs.map((j) => j.latencyMs));
const perEvaluation = summary(evaluations.map((e) => e.apiRequests));
const maxOf = (key) => Math.max(...rates.map((r) => r[key] ?? 0));
const medianGap = percentile(rates.map((r) => r.medianPacedGapMs).filter(Number.isFinite), 50);
const badStatus = acks.filter((a) => a.status !== 202 && a.status !== 200);
const checks = {
  'every delivery acknowledged (2xx)': badStatus.length === 0,
  'ack p99 ≤ 1 s': ack.p99 <= 1000,
  'no job lost (every accepted delivery completed)': lost.length === 0,
  'exactly one check run per head SHA, one gate comment and one answer per PR, one dispatch and run comment per labelling':
    effects.problems.length === 0,
  'REST points per installation ≤ 900/min': maxOf('maxPointsPerMinute') <= 900,
  'content-creating requests per installation ≤ 80/min': maxOf('maxContentCreatingPerMinute') <= 80,
  'requests per installation ≤ 5,000 (the hourly primary limit)': maxOf('requests') <= 5000,
  "writes + GraphQL per installation paced across both workers (≤ 61/min, Probot's 1 s spacing shared in Redis)":
    maxOf('maxPacedPerMinute') <= 61,
  'fake GitHub validated every request': fake.validationErrors.length === 0,
};
const result = {
  config: cfg,
  deliveries: {
    sent: acks.length,
    distinct: unique,
    redeliveries,
    byOutcome: Object.fromEntries(['accepted', 'duplicate', 'ignored'].map((o) => [o, acks.filter((a) => a.outcome === o).length])),
  },
  ackMs: ack,
  jobLatencyMs: jobLatency,
  jobs: { completed: jobs.length, evaluations: evaluations.length, headShas: effects.headShas },
  apiRequestsPerEvaluation: { ...perEvaluation, mean: evaluations.reduce((n, e) => n + e.apiRequests, 0) / evaluations.length },
  apiRequestsTotal: fake.requests.length,
  throughput: {
    acknowledgedPerSecond: acks.length / sendSeconds,
    jobsPerSecond: jobs.length / drainedSeconds,
    sendSeconds,
    drainedSeconds,
  },
  perInstallation: {
    installations: rates.length,
    maxRequests: maxOf('requests'),
    maxPointsPerMinute: maxOf('maxPointsPerMinute'),
    maxContentCreatingPerMinute: maxOf('maxContentCreatingPerMinute'),
    maxPacedPerMinute: maxOf('maxPacedPerMinute'),
    medianGapBetweenPacedRequestsMs: medianGap,
  },
  problems: [
    ...effects.problems.slice(0, 20),
    ...lost.slice(0, 20).map((id) => `lost job ${id}`),
    ...badStatus.slice(0, 5).map((a) => `${a.id}: ${a.status} ${a.outcome}`),
    ...fake.validationErrors.slice(0, 5).map((v) => JSON.stringify(v)),
  ],
  checks,
};
writeFileSync(join(root, 'bench/out/app-load.json'), JSON.stringify(result, null, 2));
const f = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en') : String(n));
console.log(`
deliveries        ${acks.length} sent (${result.deliveries.byOutcome.accepted} accepted, ${result.deliveries.byOutcome.duplicate} duplicate, ${result.deliveries.byOutcome.ignored} ignored) to ${cfg.web} web replicas
ack latency ms    p50 ${ack.p50.toFixed(1)}  p95 ${ack.p95.toFixed(1)}  p99 ${ack.p99.toFixed(1)}  max ${ack.max.toFixed(1)}
job latency ms    p50 ${f(jobLatency.p50)}  p95 ${f(jobLatency.p95)}  p99 ${f(jobLatency.p99)}  max ${f(jobLatency.max)}  (queued → done, ${jobs.length} jobs, ${cfg.workers} workers)
API per evaluation median ${perEvaluation.p50}  p95 ${perEvaluation.p95}  mean ${result.apiRequestsPerEvaluation.mean.toFixed(1)}  (${evaluations.length} evaluations of ${effects.headShas} head SHAs)
throughput        ${result.throughput.acknowledgedPerSecond.toFixed(1)} deliveries/s acknowledged; ${result.throughput.jobsPerSecond.toFixed(2)} jobs/s until drained (${drainedSeconds.toFixed(0)} s)
per installation  ≤ ${f(maxOf('requests'))} requests, ≤ ${maxOf('maxPointsPerMinute')} REST points/min, ≤ ${maxOf('maxContentCreatingPerMinute')} content-creating/min, ≤ ${maxOf('maxPacedPerMinute')} writes+GraphQL/min (median gap ${f(medianGap)} ms) over ${rates.length} installations
`);
for (const [name, ok] of Object.entries(checks)) console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}`);
if (result.problems.length) console.log(`problems:\n  ${result.problems.join('\n  ')}`);
await fake.close();
await redis.stop();
process.exit(Object.values(checks).every(Boolean) ? 0 : 1);
