import { describe, expect, it } from 'vitest';
import { highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.165 (round 114, measured sealed on v3.164 first: this session's last fresh writers).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-114/part${id[2]}/samples/${id}`);

describe('v3.165: hooks installed into every repository a zsh glob finds', () => {
  it('`hook_targets=( $HOME/**/.git(/) )` … `install -m 755 … "$gitdir/hooks/$h"`: HIGH; the repository\'s own git dir: no HIGH', async () => {
    expect(highs(await scanFiles(sample('dp2-007')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('dp2-008')))).toEqual([]);
  });
});
