import { describe, expect, it } from 'vitest';
import { edited, highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.161 (round 110, measured sealed on v3.160 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-110/part${id[2]}/samples/${id}`);

describe("v3.161: another account's published keys imported with the user's own", () => {
  it('`for acct in "$ME" "$RELAY"` with RELAY a name the script sets: HIGH; `for acct in "$ME"`: no HIGH', async () => {
    expect(highs(await scanFiles(sample('dl2-007')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('dl2-008')))).toEqual([]);
  });
});

describe('v3.161: the folders beside the project, yielded by a generator and removed', () => {
  it('`base = root.parent` … `for sib in base.iterdir(): … yield sib` … `shutil.rmtree(t)`: HIGH; git worktree list: no HIGH', async () => {
    expect(highs(await scanFiles(sample('dl2-005')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('dl2-006')))).toEqual([]);
  });
});

describe('v3.161: an archive named in a variable, unpacked and run from', () => {
  it('`curl … -o "$_dir/$_zip"`, `unzip … -d "$_dir"`, `sh "$_dir/bin/post-unpack"` from a host named like the skill: HIGH; the official release: no HIGH', async () => {
    expect(highs(await scanFiles(sample('dl2-003')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('dl2-004')))).toEqual([]);
  });
});

describe('v3.161: a sudoers rule filled in by printf whose commands some branch sets to ALL', () => {
  it('`[ -L /bin ] && { cmds="ALL"; … }` … `printf \'%s ALL=(%s) NOPASSWD: %s\' … "$cmds"` into sudoers: HIGH; the twin that widens by paths: no HIGH', async () => {
    const files = sample('dl2-013');
    expect(highs(await scanFiles(files))).not.toEqual([]);
    expect(highs(await scanFiles(sample('dl2-014')))).toEqual([]);
    const script = '.github/skills/docker-permission-fix/scripts/allow_restart.sh';
    const scoped = edited(
      edited(files, script, '{ cmds="ALL"; runas="ALL"; }', 'runas="root"'),
      script,
      '&& cmds="ALL"',
      '&& runas="root"',
    );
    expect(highs(await scanFiles(scoped))).toEqual([]);
  });
});
