import { createRequire } from 'node:module';

declare const __PLANGATE_VERSION__: string | undefined;

/**
 * package.json's version, read rather than copied. The bundles have it written in by
 * scripts/bundle.js (the Action's dist/ runs without package.json beside it); the sources and
 * tsc's output read it from package.json, one folder up from both src/ and lib/.
 */
export const PLANGATE_VERSION: string =
  typeof __PLANGATE_VERSION__ === 'string'
    ? __PLANGATE_VERSION__
    : (createRequire(import.meta.url)('../package.json') as { version: string }).version;
