import { mkdtempSync, rmSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PRD_BODY, SPEC_BODY } from '../support/evaluate-files.js';
import { runCli } from '../support/run-cli.js';
import { TempGitRepo } from '../support/temp-git-repo.js';

const CONFIG = 'plans:\n  mustChangeInPr: true\n';
const FILES = {
  '.github/plangate.yml': CONFIG,
  '.omx/plans/prd-a.md': PRD_BODY,
  '.omx/plans/test-spec-a.md': SPEC_BODY,
  'src/app.ts': 'export {};\n',
};

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));
const repo = () => {
  const r = new TempGitRepo('plangate-mcip-');
  cleanups.push(() => r.cleanup());
  return r;
};
const errors = (stdout: string) =>
  JSON.parse(stdout)
    .findings.filter((f: { severity: string }) => f.severity === 'error')
    .map((f: { ruleId: string }) => f.ruleId);

describe('mustChangeInPr on a local check without --base', () => {
  it('uses the merge-base with the default branch: a branch that changes code but no plan is blocked', async () => {
    const r = repo().write(FILES);
    r.commit('main');
    r.git('checkout', '-q', '-b', 'feature');
    r.write({ 'src/app.ts': 'export const x = 1;\n' });
    r.commit('code only');
    const blocked = await runCli(['check', r.dir, '--json']);
    expect(blocked.code).toBe(1);
    expect(errors(blocked.stdout)).toEqual(['plans/plan_not_changed']);
    const text = await runCli(['check', r.dir]);
    expect(text.stdout).toMatch(/note: change: 1 file\(s\) changed since the merge-base with main \([0-9a-f]{7}\) \(no --base given\)/);

    r.write({ '.omx/plans/test-spec-a.md': `${SPEC_BODY}\nAlso run the export twice.\n` });
    const touched = await runCli(['check', r.dir, '--json']);
    expect(touched.code).toBe(0);
    expect(JSON.parse(touched.stdout).gate).toBe('unlocked');
  });

  it('says the rule could not be evaluated when there is no default branch to compare with (never a silent UNLOCKED)', async () => {
    const r = repo();
    r.git('checkout', '-q', '-b', 'trunk');
    r.write(FILES).commit('trunk');
    const result = await runCli(['check', r.dir, '--json']);
    expect(result.code).toBe(1);
    expect(errors(result.stdout)).toEqual(['plans/plan_change_unknown']);
    expect(JSON.parse(result.stdout).findings.find((f: { ruleId: string }) => f.ruleId === 'plans/plan_change_unknown').message).toContain(
      'no default branch (origin/HEAD, main, master) was found',
    );
    const withChange = await runCli(['check', r.dir, '--json', '--changed', '.omx/plans/prd-a.md']);
    expect(withChange.code).toBe(0);
  });

  it('outside a git repository, says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plangate-nogit-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const r = repo().write(FILES);
    cpSync(r.dir, dir, { recursive: true, filter: (src) => !/\/\.git($|\/)/.test(src) });
    const result = await runCli(['check', dir, '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).findings.find((f: { ruleId: string }) => f.ruleId === 'plans/plan_change_unknown').message).toContain(
      'is not a git repository',
    );
  });
});
