import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanRepository } from '../../src/core/scan/run-scan-check.js';
import { LocalDirSnapshot } from '../../src/sources/local-dir-snapshot.js';
import { REPO_ROOT } from '../support/paths.js';
import { scanConfig } from './scan-helpers.js';

const ROOT = join(REPO_ROOT, 'test/fixtures/scan');
const skills = (kind: string) => readdirSync(join(ROOT, kind)).sort();

async function security(dir: string) {
  const out = await scanRepository(await LocalDirSnapshot.open(dir), scanConfig({ scan: { paths: ['**'] } }), {});
  return out.findings.filter((f) => /^S0/.test(f.ruleId));
}

describe('skills written from threat classes', () => {
  it.each(skills('malicious'))('malicious/%s gets a HIGH, and says which signals made it', async (name) => {
    const highs = (await security(join(ROOT, 'malicious', name))).filter((f) => f.level === 'HIGH');
    expect(highs.map((f) => f.message)).not.toEqual([]);
    for (const f of highs) expect(f.signals?.length, f.message).toBeGreaterThan(0);
  });

  it.each(skills('benign'))('benign/%s gets no HIGH', async (name) => {
    const highs = (await security(join(ROOT, 'benign', name))).filter((f) => f.level === 'HIGH');
    expect(highs.map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual([]);
  });
});
