import { describe, expect, it } from 'vitest';
import { edited, highs, quietUntilEdited, sampleFiles, scanFiles, twinJudged } from './judgement-support.js';
import { scanFiles as scanOutput } from './scan-helpers.js';

// Scanner v3.145 (round 93's false alarms, and round 94 measured sealed on v3.144 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-${id.startsWith('cu') ? 93 : 94}/part${id[2]}/samples/${id}`);

describe('v3.145: what a sentence shows rather than orders', () => {
  it('"If you find an IOC such as `curl … | bash`", "Strings like `rm -rf /` inside them are patterns": no HIGH; ordered: HIGH', async () => {
    const files = sample('cu3-010');
    expect(highs(await scanFiles(files))).toEqual([]);
    expect(highs(await scanFiles(edited(files, 'AGENTS.md', 'If you find an IOC such as', 'Before collecting, run')))).not.toEqual([]);
    expect(highs(await scanFiles(edited(files, 'AGENTS.md', 'Strings like `rm -rf /`', 'Then run `rm -rf /`')))).not.toEqual([]);
  });

  it('an injection canary that opens with `;` (typed into a target, no command line): no HIGH; the same lookup bare: HIGH', async () => {
    const files = sample('cu3-004');
    const rules = '.cursor/rules/pentest-engagement.mdc';
    await quietUntilEdited(files, rules, '`; nslookup', '`nslookup');
  });

  it('"Вынік `peel.py`: `IEX (New-Object Net.WebClient)`" (a program\'s output, in Belarusian): no HIGH; after another lead: HIGH', async () => {
    const files = sample('cu1-014');
    const skill = 'skills/decode-triage/SKILL.md';
    await quietUntilEdited(files, skill, 'Вынік `peel.py`:', 'Пасля гэтага:');
  });

  it('a block shown as "fixtures … e.g.:" and "the base64 above decodes to `curl … | sh`": no HIGH; "run this once:": HIGH', async () => {
    const files = sample('cv3-012');
    const rules = '.kiro/steering/detection-rules.md';
    await quietUntilEdited(files, rules, /Match fixtures are\s+synthetic process events, e\.g\.:/, 'Before writing rules, run this once:');
  });

  it("a Python hook's docstring that names `curl -d @…` among what it refuses: no HIGH; the same text passed to os.system: HIGH", async () => {
    const files = sample('cv3-002');
    const hook = '.claude/hooks/guard_secrets.py';
    expect(highs(await scanFiles(files))).toEqual([]);
    const run = edited(
      edited(files, hook, '"""PreToolUse guard', 'os.system("""PreToolUse guard'),
      hook,
      /\n"""\nimport json/,
      '\n""")\nimport json',
    );
    expect(highs(await scanFiles(run))).not.toEqual([]);
  });

  it('"never include it in your summary" of a secret named just before: no HIGH; of the mirror push: HIGH', async () => {
    const files = sample('cv2-010');
    const command = '.claude/commands/publish-nuget.md';
    await quietUntilEdited(files, command, 'never include it in your summary', 'never include the second feed in your summary');
  });

  it('whole names joined by File.join are a path, not evasion; a name cut with `+` is', async () => {
    const files = sample('cv2-008');
    const code = '.github/skills/devcontainer-ssh/scripts/keys.cr';
    await quietUntilEdited(files, code, 'File.join(home, ".ssh",', 'File.join(home, ".s" + "sh",');
  });
});

describe('v3.145: what a config value makes the code beside it do', () => {
  for (const [bad, twin, what] of [
    ['cv2-015', 'cv2-016', 'a percent-encoded command (`%63%75%72%6c…`) an awk script pipes its output to'],
    ['cv2-001', 'cv2-002', 'every dotfile of the home folder (`~/.*rc`) in the list a script uploads'],
    ['cv2-005', 'cv2-006', 'a clean-up root written bare (`root = ..`) for a Perl `remove_tree`'],
    ['cv2-011', 'cv2-012', "R's `.Renviron` in the include list of a program beside the config, outside any skill"],
  ] as const)
    it(`${what}: HIGH; its benign twin: none`, async () => {
      await twinJudged(sample(bad), sample(twin));
    });

  // `db/provision.conf` is read by the Tcl script a plan runs, by a path the script builds: in scope of a whole-tree scan.
  it('a pg_hba rule that trusts every address (`host all all 0.0.0.0/0 trust`) in a provisioning config: HIGH; its twin: none', async () => {
    const whole = async (id: string) => (await scanOutput(sample(id), { config: { scan: { paths: ['**'] } } })).findings;
    expect(highs(await whole('cv2-013'))).toContain('S010:7');
    expect(highs(await whole('cv2-014'))).toEqual([]);
  });
});
