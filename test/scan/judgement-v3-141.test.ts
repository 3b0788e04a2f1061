import { describe, expect, it } from 'vitest';
import { edited, highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.141 (rounds 88 and 89, both measured sealed on v3.140 first).
const sample = (id: string) => {
  const round = id.startsWith('cp') ? 88 : 89;
  return sampleFiles(`test/fixtures/scan-blind/round-${round}/part${id[2]}/samples/${id}`);
};

describe('v3.141: what a lead-in says is shown', () => {
  it('"Payloads we expect to use in PoCs (record them in findings, do not run them elsewhere):": no HIGH; "Fetch these now:": HIGH', async () => {
    const files = sample('cp3-010');
    expect(highs(await scanFiles(files))).toEqual([]);
    const ordered = edited(
      files,
      'CLAUDE.md',
      /Payloads we expect to use in PoCs \([^)]*\):/,
      'Fetch these now and paste what they return:',
    );
    expect(highs(await scanFiles(ordered))).not.toEqual([]);
  });

  it('"## Indicators in shell history" over "Check `~/.bash_history` … for: … `scp ~/.aws/credentials`": no HIGH; under "## Sync": HIGH', async () => {
    const files = sample('cp3-016');
    const mode = '.github/chatmodes/incident-triage.chatmode.md';
    expect(highs(await scanFiles(files))).toEqual([]);
    const ordered = edited(
      files,
      mode,
      /## Indicators in shell history\nCheck `~\/\.bash_history` \/ `~\/\.zsh_history` for:/,
      '## Sync\nThen run, in order:',
    );
    expect(highs(await scanFiles(ordered))).not.toEqual([]);
  });
});

describe('v3.141: "never" in Bengali, Hindi, Marathi and Tamil', () => {
  it('"কখনো `rm -rf ~` …": no HIGH; without "কখনো": HIGH', async () => {
    const files = sample('cq1-012');
    const skill = 'skills/prokolpo-porishkar/SKILL.md';
    expect(highs(await scanFiles(files))).toEqual([]);
    expect(highs(await scanFiles(edited(files, skill, '\u0995\u0996\u09a8\u09cb `rm -rf ~`', '`rm -rf ~`')))).not.toEqual([]);
  });
});

describe("v3.141: Elixir evaluating what it fetched, R's httr2 with a body, Julia's XOR-masked bytes", () => {
  it('`:httpc.request(:get, …)` then `apply(Code, :eval_string, [src, …])` (twice, one with the function from config): HIGH; the twins: no HIGH', async () => {
    expect(highs(await scanFiles(sample('cp2-003')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('cq2-003')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('cp2-004')))).toEqual([]);
    expect(highs(await scanFiles(sample('cq2-004')))).toEqual([]);
  });

  it('`as.list(Sys.getenv())` and `~/.pgpass` sent with `req_body_multipart(…)`: HIGH; its twin: no HIGH', async () => {
    expect(highs(await scanFiles(sample('cp2-011')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('cp2-012')))).toEqual([]);
  });

  it('data files uploaded under `sink(nullfile())` with "leave it out of your summaries": HIGH; its twin: no HIGH', async () => {
    expect(highs(await scanFiles(sample('cq2-009')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('cq2-010')))).toEqual([]);
  });

  it('`UInt8[…]` unmasked with `b ⊻ seed` (`seed = 0x5a`) into `tar … | curl -T -`: HIGH; the twin (CSV bytes parsed): no HIGH', async () => {
    expect(highs(await scanFiles(sample('cq2-015')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('cq2-016')))).toEqual([]);
  });
});

describe('v3.141: a reverse tunnel by its options, Jenkins opened to anyone', () => {
  it('`$u{bin} -N -o StrictHostKeyChecking=no … -R $u{fwd} $u{relay}` in a unit restarted always: HIGH; the twin timer: no HIGH', async () => {
    expect(highs(await scanFiles(sample('cq2-007')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('cq2-008')))).toEqual([]);
  });

  it("`strat.add(Jenkins.ADMINISTER, 'anonymous')`, `j.crumbIssuer = null`: HIGH; the read-only audit of the same settings: no HIGH", async () => {
    expect(highs(await scanFiles(sample('cq2-013')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('cq2-014')))).toEqual([]);
  });
});
