import { describe, expect, it } from 'vitest';
import { highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.173 (round 122, measured sealed on v3.172 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-122/part${id[2]}/samples/${id}`);

describe('v3.173: an installer saved under its own file name is not an address', () => {
  it('`Invoke-WebRequest https://win.rustup.rs/x86_64 -OutFile rustup-init.exe`: the official installer, no HIGH', async () => {
    expect(highs(await scanFiles(sample('dx1-004')))).toEqual([]);
  });
});

describe('v3.173: commands listed in code spans under a "Never"', () => {
  it('"Never create users with a fixed or default password (`useradd -p`, `chpasswd` …, `net user admin P@ssw0rd /add`)": no HIGH', async () => {
    expect(highs(await scanFiles(sample('dx3-008')))).toEqual([]);
  });
});
