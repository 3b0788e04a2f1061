import { describe, expect, it } from 'vitest';
import { edited, highs, quietUntilEdited, sampleFiles, scanFiles, twinJudged } from './judgement-support.js';

// Scanner v3.155 (round 104, measured sealed on v3.154 first).
const sample = (id: string, round = 104) => sampleFiles(`test/fixtures/scan-blind/round-${round}/part${id[2]}/samples/${id}`);

describe('v3.155: the environment kept for an allow-list of names', () => {
  it('`if k in CONTEXT_KEYS` (run metadata only) posted to Slack: none; `k.startswith(("GITHUB_", "AWS_", …))`: HIGH', async () => {
    await twinJudged(sample('df2-001'), sample('df2-002'));
  });

  it('an allow-list that names a secret (`"NPM_TOKEN"`) keeps a secret: HIGH again', async () => {
    const files = sample('df2-002');
    const script = '.claude/skills/ci-run-summary/scripts/post_summary.py';
    expect(highs(await scanFiles(edited(files, script, '"RUNNER_ARCH")', '"RUNNER_ARCH", "NPM_TOKEN")')))).not.toEqual([]);
  });

  it("PowerShell's `Where-Object { $_.Name -in $ReproVars }` lists no secret; `-notin $NoisyVars` lists every one", async () => {
    const script = '.github/skills/ci-failure-triage/scripts/Collect-FailureContext.ps1';
    const listed = async (files: Record<string, string>) =>
      (await scanFiles(files)).filter((f) => f.file === script && f.ruleId === 'S005').length;
    expect(await listed(sample('de2-002', 103))).toBe(0);
    expect(await listed(sample('de2-001', 103))).toBeGreaterThan(0);
    expect(await listed(edited(sample('de2-002', 103), script, '-in $ReproVars', '-notin $ReproVars'))).toBeGreaterThan(0);
  });
});

describe('v3.155: a module beside the server, a search named in a span, a shell that removes', () => {
  it('`import(new URL("./formats/x.mjs", import.meta.url))` is a file beside the server: none; a fetched `data:` import: HIGH', async () => {
    await twinJudged(sample('df2-003'), sample('df2-004'));
  });

  it('"Review `history.txt` (…) for `curl -d @~/.ssh/id_rsa`, `scp` to unknown hosts, `printenv | curl`": no HIGH', async () => {
    const files = sample('df3-016');
    await quietUntilEdited(
      files,
      '.github/chatmodes/host-triage.chatmode.md',
      /3\. Review `ir-report\/history\.txt` \(last 500 shell history lines, redacted\) for/,
      '3. To check the uplink, run',
    );
  });

  it('`find "$HOME" … -name .git -exec sh -c \'rm -rf "$(dirname "$1")"\'`: every repository under home removed, HIGH', async () => {
    const files = sample('df3-005');
    const command = '.gemini/commands/clean.toml';
    expect(highs(await scanFiles(files))).not.toEqual([]);
    expect(highs(await scanFiles(edited(files, command, 'find "$HOME" -maxdepth 4', 'find ./worktrees -maxdepth 4')))).toEqual([]);
  });
});
