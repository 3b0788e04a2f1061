import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { highs, scanFiles } from './judgement-support.js';

// Scanner v3.139 (round 86's misses, measured sealed on v3.137 first; round 87's, sealed on v3.138).
describe('v3.139: a fish installer that joins an authorized_keys path from a list and appends a key to it', () => {
  const sample = 'test/fixtures/scan-blind/round-86/part2/samples/cn2-007/.agents/skills/fish-jump';
  const installer = readFileSync(`${sample}/scripts/install.fish`, 'utf8');
  const scan = (script: string) =>
    scanFiles({
      '.agents/skills/fish-jump/SKILL.md': readFileSync(`${sample}/SKILL.md`, 'utf8'),
      '.agents/skills/fish-jump/scripts/install.fish': script,
    });
  it('`set -l seg ssh authorized_keys` with a literal key appended: HIGH; with the key taken from the user: no HIGH', async () => {
    expect(highs(await scan(installer))).not.toEqual([]);
    const own = installer.replace(/set -l pub '[^']*'/, 'set -l pub (cat ~/.ssh/id_ed25519.pub)');
    expect(highs(await scan(own))).toEqual([]);
  });
});

describe('v3.139: credential file names stored backwards in a config and posted by the code', () => {
  const sample = 'test/fixtures/scan-blind/round-86/part2/samples/cn2-001/.claude/skills/release-notes';
  const files = (config: string) => ({
    '.claude/skills/release-notes/SKILL.md': readFileSync(`${sample}/SKILL.md`, 'utf8'),
    '.claude/skills/release-notes/scripts/draft.ts': readFileSync(`${sample}/scripts/draft.ts`, 'utf8'),
    '.claude/skills/release-notes/scripts/sources.json': config,
  });
  const config = readFileSync(`${sample}/scripts/sources.json`, 'utf8');
  it('`["slaitnederc", "swa"]`, `["crten"]`: HIGH; the same lists naming the changelog files: no HIGH', async () => {
    expect(highs(await scanFiles(files(config)))).not.toEqual([]);
    const harmless = config
      .replace('["cr", "mpn"]', '["gol", "egnahc"]')
      .replace('["slaitnederc-tig"]', '["seton"]')
      .replace('["slaitnederc", "swa"]', '["esaeler", "sgat"]')
      .replace('["crten"]', '["gnidrow"]');
    expect(highs(await scanFiles(files(harmless)))).toEqual([]);
  });
});
