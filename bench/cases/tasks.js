// Task-graph validation (quality.md: 100,000 tasks ≤ 1 s; time(100k)/time(10k) ≤ 12).
// prepare() writes .ralph/tasks.json (not timed); run() times the tasks check on it, in process.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const VERSION = 'v1';

/**
 * n tasks, 80 % done: a dependency chain over the first n/10 tasks (10,000 for 100k),
 * parents every 10 tasks, scattered dependencies, and one dependency cycle over the last
 * n/20 tasks (which the check must report).
 */
export function tasksFile(n) {
  const chain = n / 10;
  const cycle = n / 20;
  const tasks = [];
  for (let i = 0; i < n; i++) {
    const task = { id: `T${i}`, title: `Task ${i}: keep the task graph consistent`, status: i < n * 0.8 ? 'done' : 'todo' };
    if (i % 10 !== 0) task.parentId = `T${i - (i % 10)}`;
    if (i > 0 && i < chain) task.dependsOn = [`T${i - 1}`];
    else if (i >= chain && i % 7 === 0 && i < n * 0.8) task.dependsOn = [`T${(i * 31) % chain}`];
    tasks.push(task);
  }
  const first = n - cycle;
  for (let i = first; i < n; i++) tasks[i].dependsOn = [`T${i + 1 < n ? i + 1 : first}`];
  return JSON.stringify({ version: 2, tasks, mutationCount: n }, null, 2);
}

function ensureRepo(outDir, n) {
  const dir = join(outDir, `tasks-${n}`);
  const stamp = join(dir, '.generated');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === VERSION) return dir;
  mkdirSync(join(dir, '.ralph'), { recursive: true });
  writeFileSync(join(dir, '.ralph', 'tasks.json'), tasksFile(n));
  writeFileSync(stamp, VERSION);
  return dir;
}

async function load() {
  const { LocalDirSnapshot } = await import('../../lib/sources/local-dir-snapshot.js');
  const { resolveConfig } = await import('../../lib/core/config/resolve-config.js');
  const { runTasksCheck } = await import('../../lib/core/tasks/run-tasks-check.js');
  const config = resolveConfig(undefined, { presets: ['ralphdex'], skillRoots: [] }, 'bench');
  return { LocalDirSnapshot, runTasksCheck, config };
}

const context = { now: new Date('2026-06-01T00:00:00Z') };

async function timeCheck(runTasksCheck, snapshot, config) {
  const t0 = performance.now();
  const output = await runTasksCheck(snapshot, config, context);
  return { ms: performance.now() - t0, output };
}

function caseFor(n, label) {
  return {
    name: `tasks ${label}`,
    async prepare({ outDir }) {
      const dir = ensureRepo(outDir, n);
      const small = n > 10_000 ? ensureRepo(outDir, 10_000) : undefined;
      const { LocalDirSnapshot, runTasksCheck, config } = await load();
      return {
        runTasksCheck,
        config,
        snapshot: await LocalDirSnapshot.open(dir),
        small: small ? await LocalDirSnapshot.open(small) : undefined,
      };
    },
    async run(_args, { runTasksCheck, config, snapshot, small }) {
      const { ms, output } = await timeCheck(runTasksCheck, snapshot, config);
      const bytes = snapshot.entry('.ralph/tasks.json').size;
      const cycles = output.findings.filter((f) => f.ruleId === 'tasks/dependency_cycle').length;
      let note = `${output.findings.length} findings, ${cycles} dependency cycle`;
      if (small) {
        // Warm in-process ratio, measured in this run: median of 3 alternating pairs.
        const pairs = [];
        for (let i = 0; i < 3; i++) {
          const a = await timeCheck(runTasksCheck, small, config);
          const b = await timeCheck(runTasksCheck, snapshot, config);
          pairs.push(b.ms / a.ms);
        }
        pairs.sort((x, y) => x - y);
        note += `; warm ratio 100k/10k ${pairs[1].toFixed(2)}`;
      }
      return { ms, files: 1, bytes, note };
    },
  };
}

export const cases = [caseFor(10_000, '10k'), caseFor(100_000, '100k')];
