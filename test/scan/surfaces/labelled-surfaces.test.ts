import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemorySnapshot } from '../../../src/core/memory-snapshot.js';
import { scanRepository } from '../../../src/core/scan/run-scan-check.js';
import { REPO_ROOT } from '../../support/paths.js';
import { scanConfig } from '../scan-helpers.js';

const ROOT = join(REPO_ROOT, 'test/fixtures/scan-surfaces');
interface Case {
  id: string;
  label: 'malicious' | 'benign';
  class: string;
  why: string;
}
const { cases } = JSON.parse(readFileSync(join(ROOT, 'labels.json'), 'utf8')) as { cases: Case[] };

function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pending = [dir];
  while (pending.length) {
    const d = pending.pop()!;
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) pending.push(full);
      else out[relative(dir, full).split('\\').join('/')] = readFileSync(full, 'utf8');
    }
  }
  return out;
}

/** Each case folder is a repository root, scanned with the default config. */
async function scanCase(id: string) {
  const out = await scanRepository(new MemorySnapshot(filesOf(join(ROOT, 'cases', id))), scanConfig(), {});
  return out.findings;
}

describe('the labelled MCP, hook and settings set', () => {
  it('has at least 30 malicious and 30 benign entries, each in its own folder', () => {
    expect(cases.filter((c) => c.label === 'malicious').length).toBeGreaterThanOrEqual(30);
    expect(cases.filter((c) => c.label === 'benign').length).toBeGreaterThanOrEqual(30);
    expect(new Set(readdirSync(join(ROOT, 'cases')))).toEqual(new Set(cases.map((c) => c.id)));
  });

  for (const c of cases) {
    it(`${c.label === 'malicious' ? 'fails' : 'passes'} ${c.id} (${c.class}: ${c.why})`, async () => {
      const findings = await scanCase(c.id);
      const high = findings.filter((f) => f.level === 'HIGH').map((f) => `${f.ruleId} ${f.file}:${f.line} ${f.message.slice(0, 140)}`);
      if (c.label === 'malicious')
        expect(high, JSON.stringify(findings.map((f) => `${f.ruleId}/${f.level} ${f.message.slice(0, 100)}`))).not.toEqual([]);
      else expect(high).toEqual([]);
    });
  }
});
