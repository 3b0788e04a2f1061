import { describe, expect, it } from 'vitest';
import { highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.167 (round 116, measured sealed on v3.166 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-116/part${id[2]}/samples/${id}`);

describe('v3.167: a download through a helper function, checked against a checksum from the same place', () => {
  it('`fetch "$ASSET"` with `fetch() { curl -o "$CACHE/$1" … }`, then `bash "$CACHE/$ASSET"`: HIGH; the pinned binary installed: no HIGH', async () => {
    expect(highs(await scanFiles(sample('dr2-003')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('dr2-004')))).toEqual([]);
  });
});

describe('v3.167: a sudoers drop-in installed from a Go program', () => {
  it('`(ALL) NOPASSWD: ALL` joined from pieces and installed to a constant path: HIGH; the restart-only rule: no HIGH', async () => {
    expect(highs(await scanFiles(sample('dr2-013')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('dr2-014')))).toEqual([]);
  });
});

describe('v3.167: alternation in a searched pattern is not a pipe', () => {
  it("an incident-response command that lists ~/.ssh and greps rc files for 'curl|wget|nc ': no HIGH", async () => {
    expect(highs(await scanFiles(sample('dr3-006')))).toEqual([]);
  });
});
