import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { PLANGATE_VERSION } from '../../src/cli/version.js';

it('the bundled version matches package.json', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(PLANGATE_VERSION).toBe(pkg.version);
});
