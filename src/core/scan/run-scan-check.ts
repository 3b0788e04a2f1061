import type { CheckRunner } from '../check.js';

/** Placeholder until the scan check lands: reports nothing. */
export const runScanCheck: CheckRunner = async () => ({ findings: [] });
