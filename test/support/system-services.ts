import { spawnSync } from 'node:child_process';
import { inject } from 'vitest';

/**
 * The programs a few test files run that npm does not install: a fresh machine may not have them.
 * There those files skip, and the run says once which program is missing and how to get it
 * (system-services-setup.ts); CI (`.ci/run` sets PLANGATE_REQUIRE_SERVICES=1) installs them and
 * fails instead of skipping, so every test runs there.
 */
export const SYSTEM_SERVICES = {
  'redis-server': {
    command: process.env.REDIS_SERVER ?? 'redis-server',
    neededBy: "the App's queue tests (test/app-scale/, test/package/app-entry-points.test.ts)",
    install: '`apt-get install redis-server` (or set REDIS_SERVER to its path)',
  },
  'cmark-gfm': {
    command: 'cmark-gfm',
    neededBy: 'the tests that render comments as GitHub does (test/render/github-rendering.test.ts)',
    install: '`apt-get install cmark-gfm`',
  },
  'docker-compose': {
    command: 'docker-compose',
    neededBy: 'the docker-compose.yml tests (test/app-scale/deploy-files.test.ts)',
    install: '`apt-get install --no-install-recommends docker-compose`',
  },
} as const;

export type SystemService = keyof typeof SYSTEM_SERVICES;

export const REQUIRE_SERVICES_ENV = 'PLANGATE_REQUIRE_SERVICES';

declare module 'vitest' {
  export interface ProvidedContext {
    missingServices: SystemService[];
  }
}

/** Whether the program runs here (`--version` exits 0). */
export function serviceInstalled(name: SystemService): boolean {
  const probe = spawnSync(SYSTEM_SERVICES[name].command, ['--version'], { stdio: 'ignore', timeout: 30_000 });
  return !probe.error && probe.status === 0;
}

/** In a test file: true when `name` is missing and the tests that need it are to be skipped. */
export function missingService(name: SystemService): boolean {
  return inject('missingServices').includes(name);
}

/** The one line a run prints for a missing program. */
export function skipLine(name: SystemService): string {
  const service = SYSTEM_SERVICES[name];
  return `plangate tests: ${name} is not installed: skipping ${service.neededBy}. To run them, install it with ${service.install}; .ci/run installs it and fails without it.`;
}
