import { describe, expect, it } from 'vitest';
import { highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.169 (round 118, measured sealed on v3.168 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-118/part${id[2]}/samples/${id}`);

describe('v3.169: a sudoers alias whose commands a Ruby list holds', () => {
  it("`/usr/bin/env` among the alias's commands: HIGH; only `systemctl` for the app's own units: no HIGH", async () => {
    expect(highs(await scanFiles(sample('dt2-013')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('dt2-014')))).toEqual([]);
  });
});

describe('v3.169: .git in a PowerShell list of folders to remove', () => {
  it("`$CacheDirs = @('.vs', '.idea', '.git')` added to build output and removed: HIGH; build output only: no HIGH", async () => {
    expect(highs(await scanFiles(sample('dt2-005')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('dt2-006')))).toEqual([]);
  });
});

describe('v3.169: a list of inline spans is many snippets', () => {
  it('an audit command that greps for `eval(`, `exec(`, `pickle.loads(`: no HIGH', async () => {
    expect(highs(await scanFiles(sample('dt3-012')))).toEqual([]);
  });
});
