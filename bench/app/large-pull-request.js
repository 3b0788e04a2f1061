#!/usr/bin/env node
// `node bench/app/large-pull-request.js [--files 2000]` (after `npm run build`): one pull request
// adding 2,000 files that the checks all read (skills with a script each), through the real
// processes — a web replica and a worker with Probot's throttling on. GitHub gives a delivery 10 s;
// the first evaluation of such a PR takes longer (GraphQL batches are paced 1 s apart per
// installation), so the answer must not wait for it. Prints the ack time, the evaluation time and
// the reads against quality.md's budget (≤ 3 + ⌈blobs/100⌉ besides the writes).
import { createHmac } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { readLog, replicaEnv, startReplica, stop } from './processes.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'bench/out/app-large');
const i = process.argv.indexOf('--files');
const fileCount = i >= 0 ? Number(process.argv[i + 1]) : 2000;
const SECRET = 'plangate-bench-secret';
const READS = [
  'GET /repos/{owner}/{repo}/contents/{path}',
  'GET /repos/{owner}/{repo}/git/trees/{tree_sha}',
  'POST /graphql',
  'GET /repos/{owner}/{repo}/git/blobs/{file_sha}',
];
const WRITES = [
  'POST /repos/{owner}/{repo}/check-runs',
  'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}',
  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
];

const load = (path) => tsImport(join(root, path), import.meta.url);
const { startRedis } = await load('test/support/redis/start-redis.ts');
const { FakeGitHub } = await load('test/support/fake-github/index.ts');
const { pullRequestEvent } = await load('test/support/app-payloads.ts');
const { PRD_BODY } = await load('test/support/evaluate-files.ts');

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const redis = await startRedis();
const fake = await FakeGitHub.start();
fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n' });
const files = { '.omx/plans/prd-export.md': PRD_BODY };
for (let n = 0; Object.keys(files).length < fileCount; n++) {
  const name = `skill-${String(n).padStart(4, '0')}`;
  files[`.github/skills/${name}/SKILL.md`] =
    `---\nname: ${name}\ndescription: Formats report ${n} for the export.\n---\n\nRun \`scripts/format.sh\` to format report ${n}.\n`;
  files[`.github/skills/${name}/scripts/format.sh`] = `#!/bin/sh\necho "report ${n}"\n`;
}
fake.commit('acme', 'widgets', 'feature', files);
const pr = fake.addPull('acme', 'widgets', { head: 'feature', body: 'Plan: .omx/plans/prd-export.md' }).number;

const env = replicaEnv({ fake, redisUrl: redis.url, secret: SECRET });
const web = startReplica({ name: 'web', role: 'web', env, root, outDir });
const worker = startReplica({ name: 'worker', role: 'worker', env, root, outDir });
await Promise.all([web.ready, worker.ready]);

const body = JSON.stringify(pullRequestEvent(fake, 'acme', 'widgets', pr));
const started = performance.now();
const res = await fetch(`${web.url}/api/github/webhooks`, {
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    'x-github-event': 'pull_request',
    'x-github-delivery': 'large-1',
    'x-hub-signature-256': `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`,
  },
  body,
});
const ackMs = performance.now() - started;
const deadline = Date.now() + 10 * 60_000;
while (!readLog(outDir, 'worker').some((l) => l.msg === 'plangate: job completed')) {
  if (Date.now() > deadline) throw new Error('the evaluation did not finish');
  await new Promise((r) => setTimeout(r, 500));
}
const doneMs = performance.now() - started;
await Promise.all([stop(web), stop(worker)]);
const evaluation = readLog(outDir, 'worker').find((l) => l.msg === 'plangate: evaluated');
// The check run is created in_progress before the blobs are read, so the budget counts every read.
const reads = fake.requests.filter((r) => READS.includes(r.route)).length;
const writes = fake.requests.filter((r) => WRITES.includes(r.route)).length;
const blobs = fake.requests.filter((r) => r.route === 'POST /graphql').reduce((n, r) => n + (r.objectFields ?? 0), 0);
const budget = 3 + Math.ceil(blobs / 100);
console.log(
  `${Object.keys(files).length} files in the PR; webhook answered ${res.status} in ${ackMs.toFixed(0)} ms; evaluation done ${(doneMs / 1000).toFixed(1)} s after the delivery (${evaluation?.outcome}, ${evaluation?.conclusion})`,
);
console.log(
  `reads ${reads} (config, trees, ${blobs} blobs in GraphQL batches) vs budget 3 + ⌈${blobs}/100⌉ = ${budget}; writes ${writes}; ${evaluation?.apiRequests} API requests in all`,
);
const ok =
  res.status === 202 && ackMs < 1000 && evaluation?.outcome === 'evaluated' && reads <= budget && fake.validationErrors.length === 0;
console.log(ok ? 'PASS' : 'FAIL');
await fake.close();
await redis.stop();
process.exit(ok ? 0 : 1);
