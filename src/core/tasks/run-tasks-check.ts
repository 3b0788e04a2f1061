import type { CheckRunner } from '../check.js';

/** Placeholder until the tasks check lands: reports nothing. */
export const runTasksCheck: CheckRunner = async () => ({ findings: [] });
