import type { TestProject } from 'vitest/node';
import { REQUIRE_SERVICES_ENV, SYSTEM_SERVICES, serviceInstalled, skipLine, type SystemService } from './system-services.js';

// Each vitest project runs the global setup, all in the one main process: the first probes and speaks.
const PROBED_ENV = 'PLANGATE_MISSING_SERVICES';

/**
 * Vitest global setup: which system programs are missing, probed once per run. Each missing one
 * is said in one line (the files that need it skip); under `.ci/run` a missing one fails the run.
 */
export default function setup(project: TestProject): () => void {
  const first = process.env[PROBED_ENV] === undefined;
  const missing = first
    ? (Object.keys(SYSTEM_SERVICES) as SystemService[]).filter((name) => !serviceInstalled(name))
    : (JSON.parse(process.env[PROBED_ENV]!) as SystemService[]);
  process.env[PROBED_ENV] = JSON.stringify(missing);
  if (missing.length && process.env[REQUIRE_SERVICES_ENV] === '1') {
    const message = `${REQUIRE_SERVICES_ENV}=1 and ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not installed: CI runs every test (${missing
      .map((name) => SYSTEM_SERVICES[name].install)
      .join('; ')}).`;
    // Said before throwing: vitest's report of a global setup's error can lose the message.
    console.error(`plangate tests: ${message}`);
    throw new Error(message);
  }
  if (first) for (const name of missing) console.warn(skipLine(name));
  project.provide('missingServices', missing);
  return () => {
    delete process.env[PROBED_ENV];
  };
}
