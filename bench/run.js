#!/usr/bin/env node
// `npm run bench [-- --only <substring>] [--sizes S,M,L] [--runs N]`: prints the quality.md table and
// writes bench/results.json. Every case runs in a fresh child process (medians of N runs, peak RSS).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { ensureRepo } from './generate.js';

const here = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
};
const runs = Number(opt('runs', '3'));
const only = opt('only', '');
const sizes = opt('sizes', 'S,M,L').split(',');
const outDir = join(here, 'out');
mkdirSync(outDir, { recursive: true });

const repos = {};
for (const size of sizes) {
  process.stderr.write(`generating ${size}…\n`);
  repos[size] = ensureRepo(size, outDir);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const rows = [];
const caseFiles = readdirSync(join(here, 'cases'))
  .filter((f) => f.endsWith('.js'))
  .sort();
for (const file of caseFiles) {
  const modulePath = join(here, 'cases', file);
  const mod = await import(modulePath);
  for (const c of mod.cases) {
    if (only && !c.name.includes(only)) continue;
    if (c.size && !repos[c.size]) continue;
    const args = { repo: c.size ? repos[c.size] : undefined, size: c.size, outDir };
    const samples = [];
    for (let i = 0; i < (c.runs ?? runs); i++) {
      const child = spawnSync(process.execPath, ['--expose-gc', join(here, 'run-case.js'), modulePath, c.name, JSON.stringify(args)], {
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      });
      const line = child.stdout.split('\n').find((l) => l.startsWith('@@BENCH '));
      if (child.status !== 0 || !line) {
        process.stderr.write(
          `case ${c.name} failed (${child.signal ?? `exit ${child.status}`}${child.error ? `, ${child.error.message}` : ''}):\n${child.stderr}\n`,
        );
        break;
      }
      samples.push(JSON.parse(line.slice(8)));
    }
    if (!samples.length) continue;
    const row = {
      case: c.name,
      group: c.group ?? file.replace(/\.js$/, ''),
      files: samples[0].files ?? '',
      MB: samples[0].bytes !== undefined ? Math.round((samples[0].bytes / 1e6) * 100) / 100 : '',
      wallMs: Math.round(median(samples.map((s) => s.ms)) * 10) / 10,
      runs: samples.length,
      rssMB: Math.max(...samples.map((s) => s.rssMB)),
      apiRequests: samples[0].apiRequests ?? '',
      floorMs: samples[0].floorMs !== undefined ? Math.round(median(samples.map((s) => s.floorMs)) * 10) / 10 : '',
      note: samples[0].note ?? '',
    };
    if (row.floorMs) row.ratioToFloor = Math.round((row.wallMs / row.floorMs) * 100) / 100;
    rows.push(row);
    process.stderr.write(`${row.case}: ${row.wallMs} ms\n`);
  }
}

const header = ['case', 'files', 'MB', 'wall median ms', 'ratio to floor', 'peak RSS MB', 'API requests', 'note'];
const lines = [
  `| ${header.join(' | ')} |`,
  `| ${header.map(() => '---').join(' | ')} |`,
  ...rows.map((r) => `| ${[r.case, r.files, r.MB, r.wallMs, r.ratioToFloor ?? '', r.rssMB, r.apiRequests, r.note].join(' | ')} |`),
];
const machine = `${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
console.log(`plangate bench — ${new Date().toISOString().slice(0, 10)} — ${machine} — median of ${runs} runs\n`);
console.log(lines.join('\n'));
// A partial run (`--only`) updates its own rows and keeps the others, so it never drops the full table.
const resultsFile = join(here, 'results.json');
const kept =
  only && existsSync(resultsFile)
    ? JSON.parse(readFileSync(resultsFile, 'utf8')).rows.filter((r) => !rows.some((n) => n.case === r.case))
    : [];
const allRows = [...kept, ...rows].sort((a, b) => (a.case < b.case ? -1 : a.case > b.case ? 1 : 0));
writeFileSync(resultsFile, `${JSON.stringify({ date: new Date().toISOString(), machine, runs, rows: allRows }, null, 2)}\n`);
