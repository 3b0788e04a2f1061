// node:crypto on first use instead of at start-up: a run with nothing to fingerprint (the CLI on
// a clean repository, the Action's push run) never loads it, a few milliseconds of every start.
// createRequire is the one loader the core uses, here only (.dependency-cruiser.cjs).
import type * as Crypto from 'node:crypto';
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);
let crypto: typeof Crypto | undefined;

export function createHash(algorithm: 'sha1' | 'sha256'): Crypto.Hash {
  crypto ??= load('node:crypto') as typeof Crypto;
  return crypto.createHash(algorithm);
}
