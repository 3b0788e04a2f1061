import { defineConfig } from 'vitest/config';

// Every file shares one module cache per worker: importing probot, zod, the fake GitHub's OpenAPI
// description and the sources again for each of 170 files was most of the suite's CPU (252 s →
// 155 s user+sys), and the App-at-scale files alone spent ~15 s importing in their own processes.
// Shared-cache tests must not leave global state behind (none mock modules; the ones that set an
// env variable restore it). In a process of their own: the webhook endpoint's memory-bound test,
// the operability test (it asserts its replicas' logs and metrics exactly, and failed 1 run in 3
// when shared), and the regex-safety sweep (~900 MB of adversarial lines: in a shared worker, after
// other files, it took 20 s instead of 4 s — not the heap's size alone, a grown heap in one
// process does not reproduce it — and ran last, alone, in a fresh clone).
const OWN_PROCESS = ['test/security/app-webhook-body.test.ts', 'test/app-scale/operability.test.ts', 'test/scan/regex-safety.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    // Transformed modules kept on disk between runs (node_modules/.experimental-vitest-cache, keyed by
    // content; no plugin here reads anything else): a rerun transforms ~1.5 s instead of ~6.5 s and
    // imports ~4 s faster. A fresh clone (CI) starts without it.
    experimental: { fsModuleCache: true },
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    globalSetup: ['test/support/temp-root.ts', 'test/support/system-services-setup.ts'],
    // No test talks TLS to the outside world, and a machine-wide CA bundle (NODE_EXTRA_CA_CERTS)
    // is parsed by every Node process at start-up: ~50 ms for each of the ~200 processes the
    // suite spawns (CLI, Action, runner, agents) on a machine that sets it.
    env: { NODE_EXTRA_CA_CERTS: '' },
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...OWN_PROCESS, 'test/fixtures/**'], isolate: false },
      },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
});
