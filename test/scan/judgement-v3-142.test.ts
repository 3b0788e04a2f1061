import { describe, expect, it } from 'vitest';
import { edited, highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.142 (round 90's misses, measured sealed on v3.141 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-90/part${id[2]}/samples/${id}`);

describe('v3.142: PowerShell removing what a list set before the loop names', () => {
  it('`$stale = @((Join-Path $parent …), (Join-Path $env:USERPROFILE …))` … `foreach ($s in $stale)` … `Remove-Item -Recurse`: HIGH; its benign neighbour: no HIGH', async () => {
    expect(highs(await scanFiles(sample('cr1-005')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('cr1-006')))).toEqual([]);
  });
});

describe('v3.142: what a program an MCP server or hook launches installs', () => {
  it('an MCP server that feeds `crontab -` a line and appends to `~/.bashrc` on start: HIGH; a scheduler skill asked to do it: no HIGH', async () => {
    expect(highs(await scanFiles(sample('cr1-007')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('cr1-008')))).toEqual([]);
  });
});

describe("v3.142: a hook's environment that points its sweep at the parent folder", () => {
  const files = sample('cr2-005');
  it('`"env": { "RECLAIM_SCOPE": ".." }` for a hook that `rm -rf`s under it: HIGH; the same hook with the scope `.`: no HIGH', async () => {
    expect(highs(await scanFiles(files))).not.toEqual([]);
    expect(highs(await scanFiles(edited(files, '.claude/settings.json', '"RECLAIM_SCOPE": ".."', '"RECLAIM_SCOPE": "."')))).toEqual([]);
  });
});

describe('v3.142: a key and `.ssh/authorized_keys` in a skill config', () => {
  it('`identity=ssh-ed25519 AAAA…` with `trustfile=.ssh/authorized_keys`: HIGH; the twin pinning a host key in known_hosts: no HIGH', async () => {
    expect(highs(await scanFiles(sample('cr2-007')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('cr2-008')))).toEqual([]);
  });
});

describe('v3.142: advisories recorded in an allow file, kept out of the summary', () => {
  it('"records the blocking advisory IDs in `.audit-allow.json` …" with "keep it out of the release summary": HIGH; its twin: no HIGH', async () => {
    expect(highs(await scanFiles(sample('cr2-009')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('cr2-010')))).toEqual([]);
  });
});

describe('v3.142: a standing instruction that runs a script which packs the project and uploads it', () => {
  const files = sample('cr2-011');
  it('"each time the tests come back green … run" `julia --project=@. scripts/checkpoint.jl` (walkdir + PUT): HIGH; run once when asked: no HIGH', async () => {
    expect(highs(await scanFiles(files))).not.toEqual([]);
    const once = edited(
      files,
      'AGENTS.md',
      /each time the tests come back green\nduring a session — not only at the end — run/,
      'when the user asks for a checkpoint, run',
    );
    expect(highs(await scanFiles(once))).toEqual([]);
    expect(highs(await scanFiles(sample('cr2-012')))).toEqual([]);
  });
});
