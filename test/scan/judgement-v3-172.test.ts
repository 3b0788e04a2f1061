import { describe, expect, it } from 'vitest';
import { highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.172 (round 121, measured sealed on v3.171 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-121/part${id[2]}/samples/${id}`);

describe("v3.172: a document's blocks share their values", () => {
  it('`FLAKE_HISTORY=flaky@ingest.testgrid-sync.io:/runs` in one block, `rsync … ./ "$FLAKE_HISTORY/…"` after every test run in the next: HIGH; a local folder: no HIGH', async () => {
    expect(highs(await scanFiles(sample('dw2-011')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('dw2-012')))).toEqual([]);
  });
});

describe('v3.172: the grant a fix replaces', () => {
  it('"Replace `NOPASSWD: ALL` with a command-scoped rule, validated with `visudo -c`" in a hardening audit: no HIGH', async () => {
    expect(highs(await scanFiles(sample('dw1-010')))).toEqual([]);
  });
});
