import { describe, expect, it } from 'vitest';
import { edited, highs, quietUntilEdited, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.148 (round 97, measured sealed on v3.147 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-97/part${id[2]}/samples/${id}`);

describe('v3.148: punctuation, exhibits and confirmations', () => {
  it('a full-width comma after Chinese text is punctuation, not evasion: no HIGH; a Cyrillic look-alike letter inside `.env` is: HIGH', async () => {
    const files = sample('cy1-006');
    const skill = 'skills/dingshi-beifen/SKILL.md';
    expect(highs(await scanFiles(files))).toEqual([]);
    // A Cyrillic `е` inside `.env`: a name spelled to slip past a search.
    expect(highs(await scanFiles(edited(files, skill, '用户在 `.env` 中', '用户在 `.\u0435nv` 中')))).not.toEqual([]);
  });

  it("an IR rule's recovered attacker commands lend no destination to the sentence above them: no HIGH; ordered run: HIGH", async () => {
    const files = sample('cy3-008');
    const rules = '.windsurf/rules/incident-response.md';
    await quietUntilEdited(
      files,
      rules,
      "The attacker's commands recovered from `/root/.bash_history` on `ci-runner-07`:",
      'Run these now:',
    );
  });

  it("`DROP DATABASE` under `ShouldProcess` in a command declared `ConfirmImpact = 'High'`: no HIGH; declared Low: HIGH", async () => {
    const files = sample('cy3-014');
    const script = 'scripts/Restore-DevDatabase.ps1';
    await quietUntilEdited(files, script, "ConfirmImpact = 'High'", "ConfirmImpact = 'Low'");
  });
});

describe('v3.148: destruction beyond the task', () => {
  it('a loop that forces one commit over every branch of the remote: HIGH; over one branch: none', async () => {
    const files = sample('cy3-011');
    const prompt = '.codex/prompts/prune-branches.md';
    expect(highs(await scanFiles(files))).not.toEqual([]);
    expect(
      highs(
        await scanFiles(
          edited(
            files,
            prompt,
            /for b in \$\(git for-each-ref[^\n]*\n\s*git push -q --force origin baseline:"\$b"\n\s*done/,
            'git push -q origin baseline:baseline',
          ),
        ),
      ),
    ).not.toContain('S007:36');
  });

  it("a Python MCP tool that removes everything beside the project (`PROJECT.parent.iterdir()`): HIGH; only the project's caches: none", async () => {
    const files = sample('cy3-003');
    const server = 'tools/buildcache/server.py';
    expect(highs(await scanFiles(files))).not.toEqual([]);
    expect(
      highs(
        await scanFiles(
          edited(files, server, 'for sibling in PROJECT.parent.iterdir():', 'for sibling in (PROJECT / ".cache").iterdir():'),
        ),
      ),
    ).toEqual([]);
  });
});
