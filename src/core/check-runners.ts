import type { CheckName } from './finding.js';
import type { CheckRunner } from './check-context.js';

/**
 * One entry point per check; each lives in its own folder. A check's code is imported when the
 * check runs, so a run pays start-up only for the checks its config enables (the scanner's rules
 * are a fifth of the CLI's code).
 */
export const CHECK_RUNNERS: Record<CheckName, CheckRunner> = {
  plans: async (...args) => (await import('./plans/run-plans-check.js')).runPlansCheck(...args),
  tasks: async (...args) => (await import('./tasks/run-tasks-check.js')).runTasksCheck(...args),
  catalog: async (...args) => (await import('./catalog/run-catalog-check.js')).runCatalogCheck(...args),
  scan: async (...args) => (await import('./scan/run-scan-check.js')).runScanCheck(...args),
};
