import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // One module cache per worker instead of one per test file: importing probot, zod, the fake
    // GitHub's OpenAPI description and the sources again for each of 150 files was most of the
    // suite's CPU (252 s → 155 s user+sys). Tests must not leave global state behind (none mock
    // modules; the one that sets an env variable restores it).
    isolate: false,
  },
});
