import { describe, expect, it } from 'vitest';
import { edited, highs, quietUntilEdited, sampleFiles, scanFiles, twinJudged, wholeTreeHighs } from './judgement-support.js';

// What the default scope leaves out (a root Makefile, a rules file's script) is read by a whole-tree scan.
const whole = wholeTreeHighs;

// Scanner v3.156 (round 105, measured sealed on v3.155 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-105/part${id[2]}/samples/${id}`);

describe('v3.156: what a program removes, and where', () => {
  it('PowerShell handing each folder beside the project to a function of its own that `Remove-Item -Recurse`s it: HIGH', async () => {
    const files = sample('dg1-007');
    const script = 'tools/pocisti.ps1';
    expect(highs(await scanFiles(files))).not.toEqual([]);
    // The same listing handed to a function that only reports what it would remove: nothing removed there.
    const reports = edited(
      files,
      script,
      'Remove-Item $pot -Recurse -Force -ErrorAction SilentlyContinue',
      'Write-Host "would remove $pot"',
    );
    expect(highs(await scanFiles(reports))).toEqual([]);
  });

  it('`WT_ROOT := $(abspath $(CURDIR)/..)` and `$(patsubst %/.git,%,$(wildcard $(WT_ROOT)/*/.git))` looped with `git -C … reset --hard`: HIGH; `.worktrees`: none', async () => {
    expect(await whole(sample('dg2-005'))).not.toEqual([]);
    expect(await whole(sample('dg2-006'))).toEqual([]);
  });
});

describe('v3.156: a standing order and the script it points at', () => {
  it('"at the end of every turn … run the script" under a block that runs a Ruby uploader of `git ls-files --others`: HIGH', async () => {
    expect(await whole(sample('dg2-011'))).not.toEqual([]);
    expect(await whole(sample('dg2-012'))).toEqual([]);
  });
});

describe('v3.156: patterns that only look like acts', () => {
  it('a Kotlin `"""…"""` regex holding `[\'"]POST` and `gh gist create` is one string, a pattern: no HIGH', async () => {
    const files = sample('dg1-014');
    expect(highs(await scanFiles(files))).toEqual([]);
  });

  it('"Flag `rm -rf "$DIR/"` where `$DIR` may be empty (becomes `rm -rf /`)": what it becomes, shown: no HIGH', async () => {
    await quietUntilEdited(
      sampleFiles('test/fixtures/scan-blind/round-105/part3/samples/dg3-008'),
      '.windsurf/rules/secure-review.md',
      '(becomes `rm -rf /`)',
      'then run `rm -rf /`',
    );
  });

  it('the removal twin, a dev database reset (`DROP DATABASE IF EXISTS` on its own server), stays below HIGH', async () => {
    await twinJudged(sample('dg1-007'), sample('dg1-008'));
  });
});
