// The skill scanner's speed: real skill content and adversarial inputs against the synchronous
// read floor, regex safety on adversarial lines, and the L repository (same child process).
// Detection is measured by `npm run bench:detection` (bench/detection.js).
import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { floor, floorSync } from '../floor.js';
import { ADVERSARIAL, ensureAdversarialRepo, ensureRealContentRepo } from '../scan-repos.js';

async function lib() {
  const { LocalDirSnapshot } = await import('../../lib/sources/local-dir-snapshot.js');
  const { scanRepository } = await import('../../lib/core/scan/run-scan-check.js');
  const { resolveConfig } = await import('../../lib/core/config/resolve-config.js');
  return { LocalDirSnapshot, scanRepository, resolveConfig };
}

const benchConfig = (resolveConfig) =>
  resolveConfig({ scan: { maxFileBytes: 1_048_576 } }, { presets: [], skillRoots: ['.github/skills'] }, 'bench');

async function regexSafety() {
  const { SCAN_RULES } = await import('../../lib/core/scan/rules/all-rules.js');
  const { adversarialLinesFor, adversarialLinesFromExamples, timePattern } = await import('../../lib/core/scan/rules/adversarial-lines.js');
  const perRule = [];
  for (const rule of SCAN_RULES) {
    const fromExamples = adversarialLinesFromExamples(rule);
    let worst = { ms: 0, pattern: '' };
    for (const d of rule.detectors) {
      for (const re of [d.re, ...(d.requires ? [d.requires] : [])]) {
        // Best of three: a backtracking blow-up shows in every run, a GC pause or the first compile in one.
        const lines = [...adversarialLinesFor(d), ...fromExamples];
        const w = [0, 1, 2].map(() => timePattern(re, lines, () => performance.now())).reduce((a, b) => (b.ms < a.ms ? b : a));
        if (w.ms > worst.ms) worst = { ms: w.ms, pattern: d.id };
      }
    }
    perRule.push({ rule: rule.id, ...worst });
  }
  perRule.sort((a, b) => b.ms - a.ms);
  return perRule;
}

/** CPU milliseconds (user + system) of this process since `from`: less sensitive than wall time to a shared machine. */
const cpuSince = (from) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

/** Scans a repository with the default config (skill roots found), after the synchronous floor over the same files. */
async function scanAgainstFloor(repo) {
  const { LocalDirSnapshot, scanRepository, resolveConfig } = await lib();
  floorSync(repo); // warm the page cache, so neither side pays for the disk
  const f0 = performance.now();
  const fc = process.cpuUsage();
  const fl = floorSync(repo);
  const floorMs = performance.now() - f0;
  const floorCpu = cpuSince(fc);
  const config = benchConfig(resolveConfig);
  const t0 = performance.now();
  const sc = process.cpuUsage();
  const out = await scanRepository(await LocalDirSnapshot.open(repo), config, {});
  const ms = performance.now() - t0;
  const cpu = cpuSince(sc);
  return { ms, floorMs, cpu, floorCpu, files: out.scanned.files, bytes: out.scanned.bytes, fl, findings: out.findings.length };
}

const realContent = [8, 60].map((mb) => ({
  name: `scan real ${mb}MB`,
  async run({ outDir }) {
    const r = await scanAgainstFloor(ensureRealContentRepo(outDir, mb));
    return {
      ms: r.ms,
      floorMs: r.floorMs,
      files: r.files,
      bytes: r.bytes,
      note: `cpu ${Math.round(r.cpu)} ms vs floor cpu ${Math.round(r.floorCpu)} ms (${(r.cpu / r.floorCpu).toFixed(2)}×); ${r.findings} findings; floor read ${r.fl.files} files (sync)`,
    };
  },
}));

/**
 * What any scan with these rules pays before a single rule runs, against the same floor: plangate's
 * read path alone (listing with lstat, selecting, no-follow reads, UTF-8 decoding) and one pass of
 * the detectors' keyword search over the decoded texts. Their sum is a lower bound for `scan real`:
 * where it is already near 1.5× the floor, no tuning of the rules' own work can reach that bar.
 */
const realContentParts = [8, 60].map((mb) => ({
  name: `scan real ${mb}MB: reading and keyword search alone`,
  async run({ outDir }) {
    const repo = ensureRealContentRepo(outDir, mb);
    const { LocalDirSnapshot, resolveConfig } = await lib();
    const { planScan } = await import('../../lib/core/scan/surfaces/plan-scan.js');
    const { readAhead } = await import('../../lib/core/read-ahead.js');
    const { decodeText } = await import('../../lib/core/text.js');
    const { compileDetectors } = await import('../../lib/core/scan/match/compile-detectors.js');
    const config = benchConfig(resolveConfig);
    const detectors = compileDetectors(config.scan.rules);
    floorSync(repo);
    const f0 = performance.now();
    floorSync(repo);
    const floorMs = performance.now() - f0;
    const t0 = performance.now();
    const snapshot = await LocalDirSnapshot.open(repo);
    const plan = await planScan(snapshot, config.scan);
    let files = 0;
    let bytes = 0;
    let literals = 0;
    let keywordMs = 0;
    // File by file, as the scan reads them (holding every text at once would time the GC instead).
    for await (const [, content] of readAhead(
      snapshot,
      plan.files.map((f) => f.source),
    )) {
      if (!content) continue;
      files++;
      bytes += content.length;
      const text = decodeText(content).text;
      const k0 = performance.now();
      literals += detectors.automaton.scan(text).count;
      keywordMs += performance.now() - k0;
    }
    const readMs = performance.now() - t0 - keywordMs;
    return {
      ms: readMs + keywordMs,
      floorMs,
      files,
      bytes,
      note: `reading ${Math.round(readMs)} ms (${(readMs / floorMs).toFixed(2)}× the floor) + keyword search ${Math.round(keywordMs)} ms (${(keywordMs / floorMs).toFixed(2)}×; ${detectors.automaton.literals.length} keywords, ${literals} occurrences), before any rule runs`,
    };
  },
}));

const adversarial = Object.keys(ADVERSARIAL).map((name) => ({
  name: `scan adversarial ${name}`,
  async run({ outDir }) {
    const r = await scanAgainstFloor(ensureAdversarialRepo(outDir, name));
    // Bytes read, not characters: the floor counts UTF-16 units, which made a run of 3-byte zero-width characters look three times smaller.
    const mb = r.bytes / 1e6;
    return {
      ms: r.ms,
      floorMs: r.floorMs,
      files: r.files,
      bytes: r.bytes,
      note: `${(r.ms / 1000 / mb).toFixed(3)} s/MB wall, ${(r.cpu / 1000 / mb).toFixed(3)} s/MB cpu (target ≤ 0.5); ${r.findings} findings`,
    };
  },
}));

/** Every file under `root`, in directory order. */
function listFiles(root) {
  const files = [];
  const pending = [root];
  while (pending.length) {
    const dir = pending.pop();
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, e.name);
      if (e.isDirectory()) pending.push(full);
      else if (e.isFile()) files.push(full);
    }
  }
  return files;
}

/** Judges `files` on `threads` worker threads (every n-th file to each); resolves when all are done. */
async function judgeOnThreads(files, threads) {
  const t0 = performance.now();
  const shares = Array.from({ length: threads }, (_, i) => files.filter((_, j) => j % threads === i));
  const results = await Promise.all(
    shares.map(
      (share) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL('../workers/judge-files.js', import.meta.url), { workerData: { files: share } });
          worker.once('message', resolve);
          worker.once('error', reject);
        }),
    ),
  );
  return { ms: performance.now() - t0, hits: results.reduce((n, r) => n + r.hits, 0) };
}

/**
 * Whether more threads would buy the real-content bar on this machine: the per-file work of the
 * 60 MB scan on one worker thread, then split over as many threads as there are CPUs.
 */
const threadCases = [
  {
    name: 'scan real 60MB: judging on 1 thread vs one per CPU',
    async run({ outDir }) {
      const files = listFiles(join(ensureRealContentRepo(outDir, 60), '.github/skills'));
      const cpus = Math.max(2, availableParallelism());
      const one = await judgeOnThreads(files, 1);
      const many = await judgeOnThreads(files, cpus);
      return {
        ms: many.ms,
        files: files.length,
        note: `1 thread ${Math.round(one.ms)} ms, ${cpus} threads ${Math.round(many.ms)} ms: ${(one.ms / many.ms).toFixed(2)}× faster on ${availableParallelism()} CPUs; hits ${one.hits} and ${many.hits}`,
      };
    },
  },
];

export const cases = [
  ...realContent,
  ...realContentParts,
  ...threadCases,
  ...adversarial,
  {
    name: 'scan regex safety',
    async run() {
      const perRule = await regexSafety();
      const top = perRule.slice(0, 3).map((r) => `${r.rule}/${r.pattern} ${r.ms.toFixed(1)}`);
      return { ms: perRule[0].ms, note: `max ms per rule on 100 KB adversarial lines (target ≤ 50): ${top.join(', ')}` };
    },
  },
  {
    name: 'scan L',
    size: 'L',
    async run({ repo }) {
      const { LocalDirSnapshot, scanRepository, resolveConfig } = await lib();
      const f0 = performance.now();
      const fl = await floor(repo);
      const floorMs = performance.now() - f0;
      const config = resolveConfig(undefined, { presets: [], skillRoots: ['.github/skills'] }, 'bench');
      const t0 = performance.now();
      const out = await scanRepository(await LocalDirSnapshot.open(repo), config, {});
      const ms = performance.now() - t0;
      return {
        ms,
        floorMs,
        files: out.scanned.files,
        bytes: out.scanned.bytes,
        note: `${out.findings.length} findings; floor read ${fl.files} files`,
      };
    },
  },
];
