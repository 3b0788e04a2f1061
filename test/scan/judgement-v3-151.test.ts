import { describe, expect, it } from 'vitest';
import { edited, highs, quietUntilEdited, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.151 (round 100, measured sealed on v3.150 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-100/part${id[2]}/samples/${id}`);

describe('v3.151: an incident recounted, a corpus described', () => {
  it('"a CI step that ran `curl … | bash`" and "the positive corpus contains command lines such as `…`": no HIGH; "run `…`": HIGH', async () => {
    const files = sample('db3-010');
    const prd = '.omx/plans/prd-linux-dropper-detections.md';
    const spec = '.omx/plans/test-spec-linux-dropper-detections.md';
    await quietUntilEdited(files, prd, 'started with a CI step that ran', 'is reproduced: first run');
    expect(
      highs(await scanFiles(edited(files, spec, 'The positive corpus contains command lines such as', 'Before replaying, run'))),
    ).not.toEqual([]);
  });
});
