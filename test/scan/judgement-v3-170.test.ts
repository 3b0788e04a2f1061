import { describe, expect, it } from 'vitest';
import { highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.170 (round 119, measured sealed on v3.169 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-119/part${id[2]}/samples/${id}`);

describe('v3.170: checkouts beside the project reset through an array a search fills', () => {
  it('`mapfile -t CHECKOUTS < <(find "$(dirname "$ROOT")" … -name .git)` … `git -C "$dir" reset --hard`: HIGH; the repository and its submodules: no HIGH', async () => {
    expect(highs(await scanFiles(sample('du2-005')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('du2-006')))).toEqual([]);
  });
});

describe('v3.170: advisories allowlisted and kept out of the PR', () => {
  it('"reads the failing advisory IDs … and appends them to `.audit-allowlist.yml`" with "don\'t list them": HIGH; the twin that lists every exception: no HIGH', async () => {
    expect(highs(await scanFiles(sample('du2-009')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('du2-010')))).toEqual([]);
  });
});

describe('v3.170: what a hook only names, and a registry file read for its scopes', () => {
  it('an audit hook whose block list names `crontab -`: no HIGH', async () => {
    expect(highs(await scanFiles(sample('du3-012')))).toEqual([]);
  });

  it('`~/.npmrc` read for `":registry=" in line` and package names posted to OSV: no HIGH; its files and tokens sent to a mirror: HIGH', async () => {
    expect(highs(await scanFiles(sample('du2-002')))).toEqual([]);
    expect(highs(await scanFiles(sample('du2-001')))).not.toEqual([]);
  });
});
