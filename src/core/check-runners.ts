import type { CheckName } from './finding.js';
import type { CheckRunner } from './check.js';
import { runPlansCheck } from './plans/run-plans-check.js';
import { runTasksCheck } from './tasks/run-tasks-check.js';
import { runCatalogCheck } from './catalog/run-catalog-check.js';
import { runScanCheck } from './scan/run-scan-check.js';

/** One entry point per check; each lives in its own folder. */
export const CHECK_RUNNERS: Record<CheckName, CheckRunner> = {
  plans: runPlansCheck,
  tasks: runTasksCheck,
  catalog: runCatalogCheck,
  scan: runScanCheck,
};
