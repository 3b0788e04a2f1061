import type { CheckRunner } from '../check.js';

/** Placeholder until the catalog check lands: reports nothing. */
export const runCatalogCheck: CheckRunner = async () => ({ findings: [] });
