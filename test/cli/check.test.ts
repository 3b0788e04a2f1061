import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { CORPUS } from '../support/paths.js';
import { TempGitRepo } from '../support/temp-git-repo.js';
import { PRD_BODY, SPEC_BODY } from '../support/evaluate-files.js';

const repos: TempGitRepo[] = [];
const repo = () => {
  const r = new TempGitRepo();
  repos.push(r);
  return r;
};
afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));

describe('plangate check', () => {
  it('unlocks the real oh-my-copilot plans (legacy slug-matched PRD + test spec)', async () => {
    const result = await runCli(['check', `${CORPUS}/real/oh-my-copilot`, '--checks', 'plans', '--format', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.gate).toBe('unlocked');
    expect(report.checks.plans.status).toBe('pass');
  });

  it('exits 1 with missing_test_spec for a timestamped PRD and a legacy test spec, and 0 with matching: any', async () => {
    const r = repo().write({ '.omx/plans/prd-20260427T153100Z-alpha.md': PRD_BODY, '.omx/plans/test-spec-alpha.md': SPEC_BODY });
    const blocked = await runCli(['check', r.dir, '--format', 'json']);
    expect(blocked.code).toBe(1);
    const report = JSON.parse(blocked.stdout);
    expect(report.gate).toBe('blocked');
    expect(report.findings.filter((f: { severity: string }) => f.severity === 'error').map((f: { ruleId: string }) => f.ruleId)).toEqual([
      'plans/missing_test_spec',
    ]);
    r.write({ '.github/plangate.yml': 'plans:\n  matching: any\n' });
    const unlocked = await runCli(['check', r.dir, '--format', 'json']);
    expect(unlocked.code).toBe(0);
    expect(JSON.parse(unlocked.stdout).gate).toBe('unlocked');
  });

  it('exits 2 naming an unknown config key, and prints no report', async () => {
    const r = repo().write({ '.github/plangate.yml': 'plans:\n  mathcing: any\n', '.omx/plans/prd-a.md': PRD_BODY });
    const result = await runCli(['check', r.dir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('`mathcing`');
    expect(result.stderr).toContain('.github/plangate.yml:2');
    expect(result.stdout).toBe('');
  });

  it('exits 2 on usage errors', async () => {
    expect((await runCli(['check', '--format', 'yaml'])).code).toBe(2);
    expect((await runCli(['check', '--checks', 'plan'])).code).toBe(2);
    expect((await runCli(['check', 'does/not/exist'])).code).toBe(2);
    expect((await runCli(['nope'])).code).toBe(2);
  });

  it('gives a byte-identical JSON report from the working tree and from the git commit', async () => {
    const r = repo().copyFrom('examples/omx-blocked');
    r.commit('example');
    const fromDir = await runCli(['check', r.dir, '--format', 'json']);
    const fromGit = await runCli(['check', r.dir, '--rev', 'HEAD', '--format', 'json']);
    expect(fromDir.stdout.length).toBeGreaterThan(100);
    expect(fromGit.stdout).toBe(fromDir.stdout);
    expect(fromGit.code).toBe(fromDir.code);
  });

  it('with --base, reads config from the base commit so the change cannot weaken its own gate', async () => {
    const r = repo().write({ '.omx/plans/prd-a.md': PRD_BODY, 'src/app.ts': 'export {}\n' });
    const base = r.commit('base');
    r.write({ '.github/plangate.yml': 'plans:\n  require: never\n', 'src/app.ts': 'export const x = 1;\n' });
    r.commit('head weakens config');
    const local = await runCli(['check', r.dir, '--format', 'json']);
    expect(JSON.parse(local.stdout).gate).toBe('not-required');
    const gated = await runCli(['check', r.dir, '--base', base, '--format', 'json']);
    expect(gated.code).toBe(1);
    expect(JSON.parse(gated.stdout).gate).toBe('blocked');
  });

  it('with --base, takes changed files from the diff for when-changed', async () => {
    const r = repo().write({
      '.github/plangate.yml': 'presets: [omx]\nplans:\n  require: when-changed\n',
      'README.md': '# x\n',
      'src/a.ts': '',
    });
    const base = r.commit('base');
    r.write({ 'README.md': '# y\n' });
    const docs = await runCli(['check', r.dir, '--base', base, '--format', 'json']);
    expect(JSON.parse(docs.stdout).gate).toBe('not-required');
    r.write({ 'src/a.ts': 'export {}\n' });
    const code = await runCli(['check', r.dir, '--base', base, '--format', 'json']);
    expect(JSON.parse(code.stdout).gate).toBe('blocked');
  });

  it('says there is nothing to check on a repository with no known layout, and what it looked for', async () => {
    const r = repo().write({ 'index.js': '' });
    const result = await runCli(['check', r.dir]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('nothing to check — no skills, and no planning tool');
    expect(result.stdout.split('\n')[0]).toBe('plangate: PASS — nothing was checked');
  });

  it('heads the report with the result, not the gate: a failing catalog under an unlocked gate says FAIL and exits 1', async () => {
    const result = await runCli(['check', `${CORPUS}/real/oh-my-copilot`]);
    expect(result.code).toBe(1);
    const [head, gate] = result.stdout.split('\n');
    expect(head).toBe('plangate: FAIL — catalog failed (11 errors)');
    expect(gate).toBe('planning gate: UNLOCKED (omx layout, .omx/plans/)');
    const markdown = await runCli(['check', `${CORPUS}/real/oh-my-copilot`, '--format', 'markdown']);
    expect(markdown.stdout.split('\n')[0]).toBe('### ❌ plangate: FAIL — catalog failed (11 errors)');
    const json = JSON.parse((await runCli(['check', `${CORPUS}/real/oh-my-copilot`, '--json'])).stdout);
    expect([json.result, json.gate]).toEqual(['fail', 'unlocked']);
  });

  it('prints help for every command', async () => {
    for (const cmd of ['check', 'gate', 'init', 'schema']) {
      const result = await runCli([cmd, '--help']);
      expect(result.code, cmd).toBe(0);
      expect(result.stdout, cmd).toMatch(/^Usage: plangate /);
    }
    expect((await runCli(['--help'])).stdout).toContain('Commands:');
  });
});

describe('plangate gate / init / schema', () => {
  it('gate swaps ralph for ralplan on an incomplete plan and exits 1', async () => {
    const result = await runCli(['gate', 'examples/omx-blocked', '--labels', 'ralph,bug', '--json']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ gateApplied: true, keywords: ['bug', 'ralplan'], gatedKeywords: ['ralph'] });
    const ok = await runCli(['gate', 'examples/omx-complete', '--labels', 'ralph', '--json']);
    expect(ok.code).toBe(0);
  });

  it('init writes a config for the detected layout that then loads cleanly', async () => {
    const r = repo().copyFrom('examples/omp');
    const init = await runCli(['init', r.dir]);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain('layout: omx (`.omx/plans/` holds prd-skill-catalog.md), omp (`catalog/skills-general.json` exists)');
    expect((await runCli(['init', r.dir])).code).toBe(2);
    const check = await runCli(['check', r.dir, '--format', 'json']);
    expect(check.code).toBe(0);
  });

  it('schema prints the JSON Schema', async () => {
    const result = await runCli(['schema']);
    expect(JSON.parse(result.stdout).properties.plans).toBeDefined();
  });
});
