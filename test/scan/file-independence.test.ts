import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blindSet, readSample } from '../../bench/detection-sets.js';
import type { Finding } from '../../src/core/finding.js';
import { CORPUS, REPO_ROOT } from '../support/paths.js';
import { scanFiles } from './scan-helpers.js';

/** Every file of a folder, keyed by its path below `root` prefixed with `under`. */
function folder(root: string, under: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {};
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop()!;
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) stack.push(full);
      else out[`${under}/${relative(root, full).split('\\').join('/')}`] = readFileSync(full);
    }
  }
  return out;
}

const key = (f: Finding) => `${f.file}:${f.line}:${f.column} ${f.ruleId} ${f.level} ${f.message}`;
const config = { scan: { paths: ['**'], allowEmpty: true } };

describe("a file's findings do not depend on the other files in the scan", () => {
  // Every vendored real skill (≈ 400 files, 5 MB): far more text than any budget shared across a scan would allow.
  const crowd = { ...folder(join(CORPUS, 'skills-benign'), 'vendor/benign'), ...folder(join(CORPUS, 'real'), 'vendor/real') };
  const samples = blindSet('round-3a', join(REPO_ROOT, 'test/fixtures/scan-blind/round-3a'))
    .samples.filter((s) => s.label === 'malicious')
    .slice(0, 12);

  it('are the same alone and inside a scan of hundreds of other files', async () => {
    expect(Object.keys(crowd).length).toBeGreaterThan(300);
    for (const sample of samples) {
      const own = readSample(sample.files);
      const alone = (await scanFiles(own, { config })).findings.map(key);
      expect(alone.length, sample.id).toBeGreaterThan(0);
      const inside = (await scanFiles({ ...crowd, ...own }, { config })).findings
        .filter((f) => f.file !== undefined && f.file in own)
        .map(key);
      expect(inside, sample.id).toEqual(alone);
    }
  });
});
