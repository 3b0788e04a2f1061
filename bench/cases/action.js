// Action cold start: `node dist/index.js` on the S repo, as the runner starts it, against
// `node -e ''` plus the floor for S (quality.md: ≤ 2× node -e '' + floor).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pushEventEnv } from '../action-env.js';
import { floor } from '../floor.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');

function time(args, env) {
  const t0 = performance.now();
  const child = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (child.status !== 0 && child.status !== 1) throw new Error(`exit ${child.status}: ${child.stderr}`);
  return ms;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export const cases = [
  {
    name: 'action cold start S',
    size: 'S',
    runs: 1,
    async run({ repo }) {
      const temp = mkdtempSync(join(tmpdir(), 'plangate-bench-action-'));
      const env = pushEventEnv(temp, repo);
      const action = [];
      const empty = [];
      const floors = [];
      for (let i = 0; i < 5; i++) {
        empty.push(time(['-e', ''], env));
        const f0 = performance.now();
        await floor(repo);
        floors.push(performance.now() - f0);
        action.push(time([join(root, 'dist/index.js')], env));
      }
      const ms = median(action);
      const nodeMs = median(empty);
      const floorMs = median(floors);
      // dist/index.js and its chunks (loaded on demand), as shipped.
      const chunks = existsSync(join(root, 'dist/chunks'))
        ? readdirSync(join(root, 'dist/chunks')).map((f) => join(root, 'dist/chunks', f))
        : [];
      const bundleKB = Math.round([join(root, 'dist/index.js'), ...chunks].reduce((sum, f) => sum + statSync(f).size, 0) / 1024);
      return {
        ms,
        floorMs: nodeMs + floorMs,
        note: `node -e '' ${nodeMs.toFixed(0)} ms + floor ${floorMs.toFixed(0)} ms; ratio ${(ms / (nodeMs + floorMs)).toFixed(2)} (target ≤ 2); bundle ${bundleKB} KB`,
      };
    },
  },
];
