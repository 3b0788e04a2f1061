import { describe, expect, it } from 'vitest';
import { edited, highs, quietUntilEdited, sampleFiles, scanFiles, twinJudged } from './judgement-support.js';

// Scanner v3.147 (round 96, measured sealed on v3.146 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-96/part${id[2]}/samples/${id}`);

describe('v3.147: patterns, served programs, reviewed installers and test data', () => {
  it("a honeypot server's regular expression literals (`/xmrig|stratum\\+tcp/`, `/…|unset HISTFILE/`): no HIGH; the same words as strings it runs: HIGH", async () => {
    const files = sample('cx3-004');
    const server = 'mcp/honeypot-intel.mjs';
    expect(highs(await scanFiles(files))).toEqual([]);
    const run = edited(
      files,
      server,
      '[/xmrig|stratum\\+tcp/, "cryptominer"],',
      '["cryptominer", require("child_process").execSync("xmrig --donate-level 1")],',
    );
    expect(highs(await scanFiles(run))).not.toEqual([]);
  });

  it('socat serving a CTF binary (`EXEC:/chal/heap-notes`): no HIGH; serving a shell (`EXEC:/bin/bash`): HIGH', async () => {
    const files = sample('cx3-010');
    const command = '.gemini/commands/ctf-deploy.toml';
    await quietUntilEdited(files, command, 'EXEC:/chal/heap-notes', 'EXEC:/bin/bash');
  });

  it("Invoke-AtomicRedTeam's documented installer: no HIGH; the same cradle from another host: HIGH", async () => {
    const files = sample('cx3-012');
    const spec = '.omx/plans/test-spec-purple-team-linux-persistence.md';
    await quietUntilEdited(files, spec, 'raw.githubusercontent.com/redcanaryco/invoke-atomicredteam/master/', 'atomic-mirror.example.net/');
  });

  it('"Test data may include a sample like `powershell … -enc …`": no HIGH; "Run this first: `powershell … -enc …`": HIGH', async () => {
    const files = sample('cx3-016');
    const steering = '.kiro/steering/detection-rules.md';
    await quietUntilEdited(files, steering, 'Test data may include a sample like', 'Before anything else, run this');
  });
});

describe('v3.147: code that runs what it fetches', () => {
  for (const [bad, twin, what] of [
    ['cx2-003', 'cx2-004', 'an MCP server that parses a downloaded schema with `Function(`return (${text})`)()` instead of `JSON.parse`'],
    ['cx2-015', 'cx2-016', 'a PHP seeder whose compressed fixture decodes to `wp_remote_post` of the WordPress keys'],
  ] as const)
    it(`${what}: HIGH; its benign twin: none`, async () => {
      await twinJudged(sample(bad), sample(twin));
    });
});
