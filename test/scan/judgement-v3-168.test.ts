import { describe, expect, it } from 'vitest';
import { highs, sampleFiles, scanFiles } from './judgement-support.js';

// Scanner v3.168 (round 117, measured sealed on v3.167 first).
const sample = (id: string) => sampleFiles(`test/fixtures/scan-blind/round-117/part${id[2]}/samples/${id}`);

describe('v3.168: a sudoers grant a program writes through a format string', () => {
  it('`fmt.Sprintf("%s ALL=(ALL) NOPASSWD: ALL\\n", user)` written `> %s` to a held sudoers path: HIGH; the scoped twin: no HIGH', async () => {
    expect(highs(await scanFiles(sample('ds2-013')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('ds2-014')))).toEqual([]);
  });
});

describe('v3.168: .git appended to a clean-up list with a default', () => {
  it('`ARTIFACTS+=("${TIDY_VCS_META:-.git}")` removed from the folder above the project: HIGH; the project-only twin: no HIGH', async () => {
    expect(highs(await scanFiles(sample('ds2-005')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('ds2-006')))).toEqual([]);
  });
});

describe('v3.168: a PowerShell script that copies itself and registers a hidden logon task', () => {
  it('`Copy-Item -Force $PSCommandPath …` with `Register-ScheduledTask … -AtLogOn`: HIGH; the visible opt-in weekly task: no HIGH', async () => {
    expect(highs(await scanFiles(sample('ds2-007')))).not.toEqual([]);
    expect(highs(await scanFiles(sample('ds2-008')))).toEqual([]);
  });
});
