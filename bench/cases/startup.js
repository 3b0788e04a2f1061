// Start-up: the CLI (`node bin/plangate.js check`) and the Action (`node dist/index.js`, a push
// event) on a tiny repository, against `node -e ''` in the same loop and the same environment
// (interleaved, median of 20). Goal: both ≤ 2× `node -e ''`. Needs `npm run build` (the
// CLI bundle) and `npm run package` (dist/) first; `npm run bench` does the build.
//
// The environment matters more than anything plangate does: with NODE_EXTRA_CA_CERTS set (as on
// this bench machine) every Node start loads a CA file (`node -e ''` ≈ 60 ms instead of ≈ 21 ms).
// The rows run in the bench's own environment; when that variable is set, two more rows run
// without it, as a hosted runner starts the Action.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pushEventEnv } from '../action-env.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLES = 20;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function time(args, options) {
  const t0 = performance.now();
  const child = spawnSync(process.execPath, args, { encoding: 'utf8', ...options });
  const ms = performance.now() - t0;
  if (child.status !== 0) throw new Error(`node ${args.join(' ')}: exit ${child.status}\n${child.stderr}`);
  return ms;
}

/** examples/omx-complete (a PRD and its test spec, one source file) as a git repository of its own. */
function tinyRepo(temp) {
  const repo = join(temp, 'repo');
  cpSync(join(root, 'examples/omx-complete'), repo, { recursive: true });
  const git = (...args) =>
    execFileSync('git', args, {
      cwd: repo,
      stdio: 'ignore',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'bench',
        GIT_AUTHOR_EMAIL: 'bench@example.com',
        GIT_COMMITTER_NAME: 'bench',
        GIT_COMMITTER_EMAIL: 'bench@example.com',
      },
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'tiny');
  return repo;
}

/** Interleaves `node -e ''` with the command, both with `env`, so they see the same load. */
function sideBySide(command, { cwd, env }) {
  const empty = [];
  const runs = [];
  time(['-e', ''], { env });
  time(command, { cwd, env });
  for (let i = 0; i < SAMPLES; i++) {
    empty.push(time(['-e', ''], { env }));
    runs.push(time(command, { cwd, env }));
  }
  const ms = median(runs);
  const nodeMs = median(empty);
  return {
    ms,
    floorMs: nodeMs,
    note: `node -e '' ${nodeMs.toFixed(1)} ms; ratio ${(ms / nodeMs).toFixed(2)} (target ≤ 2); median of ${SAMPLES}`,
  };
}

function withTinyRepo(measure) {
  const temp = mkdtempSync(join(tmpdir(), 'plangate-bench-startup-'));
  try {
    return measure(temp, tinyRepo(temp));
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

function startupCases(label, base) {
  return [
    {
      name: `startup CLI check (tiny repo${label})`,
      runs: 1,
      run: () => withTinyRepo((_temp, repo) => sideBySide([join(root, 'bin/plangate.js'), 'check', repo], { env: base })),
    },
    {
      name: `startup Action push (tiny repo${label})`,
      runs: 1,
      run: () =>
        withTinyRepo((temp, repo) => sideBySide([join(root, 'dist/index.js')], { cwd: repo, env: pushEventEnv(temp, repo, base) })),
    },
  ];
}

const { NODE_EXTRA_CA_CERTS, ...withoutExtraCerts } = process.env;
export const cases = [
  ...startupCases('', process.env),
  ...(NODE_EXTRA_CA_CERTS ? startupCases(', no NODE_EXTRA_CA_CERTS', withoutExtraCerts) : []),
];
