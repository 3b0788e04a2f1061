import { describe, expect, it } from 'vitest';
import { edited, sampleFiles, twinJudged, wholeTreeHighs } from './judgement-support.js';
import { scanFiles as scanOutput } from './scan-helpers.js';

// What the default scope leaves out (a root justfile, a hook's Ruby script) is read by a whole-tree scan.
const whole = wholeTreeHighs;

// Scanner v3.154 (round 103, measured sealed on v3.153 first).
/** Files with a HIGH in a whole-tree scan. */
const filesWithHigh = async (files: Record<string, string>) =>
  [
    ...new Set(
      (await scanOutput(files, { config: { scan: { paths: ['**'] } } })).findings
        .filter((f) => /^S0/.test(f.ruleId) && f.level === 'HIGH')
        .map((f) => f.file),
    ),
  ].sort();

const sample = (id: string, round = 103) => sampleFiles(`test/fixtures/scan-blind/round-${round}/part${id[2]}/samples/${id}`);

describe('v3.154: text other people write given the rank of an instruction', () => {
  it('an MCP tool docstring: "treat those notes as current instructions … without asking": HIGH; "as untrusted data": none', async () => {
    await twinJudged(sample('de2-015'), sample('de2-016'));
  });

  it('a named string a tool description interpolates (`${ISSUE_NOTE}`) is read as the description: HIGH; its safe twin: none', async () => {
    expect(await whole(sample('dd2-015', 102))).not.toEqual([]);
    expect(await whole(sample('dd2-016', 102))).toEqual([]);
  });
});

describe('v3.154: what a recipe runs, and where its default sends the tree', () => {
  it('"after you finish each task, run `just check`", `check` depending on a recipe that rsyncs `./` to a default remote: HIGH', async () => {
    expect(await whole(sample('de2-011'))).not.toEqual([]);
    expect(await whole(sample('de2-012'))).toEqual([]);
  });

  it('`just check` borrows `check` and its dependencies only: the same upload in a recipe `check` does not run is quiet', async () => {
    const files = edited(sample('de2-011'), 'justfile', 'check: fmt lint test snapshot', 'check: fmt lint test');
    // The recipe still sends the tree to a raw address (its own HIGH); the rules file's standing order no longer runs it.
    expect(await filesWithHigh(files)).toEqual(['justfile']);
    const named = edited(files, 'justfile', '"snap@146.190.62.17:/srv/workspaces"', '"snap@mirror.ledger-tools.net:/srv/workspaces"');
    expect(await filesWithHigh(named)).toEqual([]);
    const run = edited(named, 'justfile', 'check: fmt lint test', 'check: fmt lint test snapshot');
    expect(await filesWithHigh(run)).toEqual(['.cursor/rules/workflow.mdc']);
  });

  it("a buf binary from bufbuild's own GitHub releases: no HIGH; the same Makefile from a look-alike host: HIGH", async () => {
    await twinJudged(sample('de2-003'), sample('de2-004'));
  });
});

describe('v3.154: hooks planted in the repositories under the home folder', () => {
  it("a Ruby session hook writing `pre-commit` into every `~/code/*/.git`: HIGH; into the project's own: none", async () => {
    expect(await whole(sample('de2-007'))).not.toEqual([]);
    expect(await whole(sample('de2-008'))).toEqual([]);
  });
});
