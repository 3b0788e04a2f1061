import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseExtendsRef } from '../../src/core/config/extends/parse-extends-ref.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { runCli } from '../support/run-cli.js';
import { TempGitRepo } from '../support/temp-git-repo.js';
import { PRD_BODY } from '../support/evaluate-files.js';

let repo: TempGitRepo;
beforeEach(() => {
  repo = new TempGitRepo('plangate-extends-').write({ '.omx/plans/prd-a.md': PRD_BODY, 'src/app.ts': 'export {};\n' });
});
afterEach(() => repo.cleanup());

const gate = async (args: string[] = [], env: Record<string, string> = {}) => {
  const result = await runCli(['check', repo.dir, '--json', ...args], process.cwd(), env);
  return { ...result, json: result.stdout ? JSON.parse(result.stdout) : undefined };
};

describe('_extends in the CLI: a file in the repository', () => {
  it('builds on the named file; the extending file wins key by key', async () => {
    repo.write({
      'config/plangate-base.yml': 'plans:\n  require: never\n  matching: any\n',
      '.github/plangate.yml': '_extends: config/plangate-base.yml\nplans:\n  require: always\n',
    });
    const result = await gate();
    expect(result.code).toBe(1);
    expect(result.json.gate).toBe('blocked');
    expect(result.json.config.file).toBe('.github/plangate.yml (with _extends: config/plangate-base.yml)');
    repo.write({ '.github/plangate.yml': '_extends: config/plangate-base.yml\n' });
    expect((await gate()).json.gate).toBe('not-required');
  });

  it('with --base, reads the extended file from the base commit too, so a change cannot weaken it', async () => {
    repo.write({
      'config/plangate-base.yml': 'plans:\n  require: always\n',
      '.github/plangate.yml': '_extends: config/plangate-base.yml\n',
    });
    const base = repo.commit('base');
    repo.write({ 'config/plangate-base.yml': 'plans:\n  require: never\n', 'src/app.ts': 'export const x = 1;\n' });
    repo.commit('head weakens the base file');
    expect((await gate()).json.gate).toBe('not-required');
    expect((await gate(['--base', base])).json.gate).toBe('blocked');
  });

  it('reports a problem in the extended file with that file and line, and a loop as a loop', async () => {
    repo.write({ 'config/a.yml': 'plans:\n  requre: always\n', '.github/plangate.yml': '_extends: config/a.yml\n' });
    const bad = await gate();
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('config/a.yml:2');
    expect(bad.stderr).toContain('`requre`');
    repo.write({ 'config/a.yml': '_extends: config/b.yml\n', 'config/b.yml': '_extends: config/a.yml\n' });
    const loop = await gate();
    expect(loop.code).toBe(2);
    expect(loop.stderr).toContain('leads back to config/a.yml');
    repo.write({ '.github/plangate.yml': '_extends: config/missing.yml\n' });
    expect((await gate()).stderr).toContain('names config/missing.yml, which does not exist');
  });
});

describe('_extends in the CLI: another repository through the GitHub API', () => {
  let fake: FakeGitHub;
  beforeEach(async () => {
    fake = await FakeGitHub.start();
  });
  afterEach(async () => {
    expect(fake.validationErrors).toEqual([]);
    await fake.close();
  });

  it("reads the organisation's .github repository with a token, and says clearly when there is none", async () => {
    fake.seedRepoFromFiles('acme', '.github', { '.github/plangate.yml': 'plans:\n  require: always\n' });
    repo.write({ '.github/plangate.yml': '_extends: .github\n' });
    const env = { GITHUB_TOKEN: 'test-token', GITHUB_API_URL: fake.url, GITHUB_REPOSITORY: 'acme/widgets' };
    const result = await gate([], env);
    expect(result.code).toBe(1);
    expect(result.json.gate).toBe('blocked');
    expect(fake.count('GET /repos/{owner}/{repo}/contents/{path}')).toBe(1);

    const noToken = await gate([], { GITHUB_REPOSITORY: 'acme/widgets' });
    expect(noToken.code).toBe(2);
    expect(noToken.stderr).toContain(
      '`_extends: .github` could not be read: reading another repository needs the GitHub API, and no token was given (set GITHUB_TOKEN or GH_TOKEN)',
    );
  });

  it('reads owner/repo:path.yml, and reports a missing one as missing', async () => {
    fake.seedRepoFromFiles('acme', 'policies', { 'plangate/strict.yml': 'plans:\n  require: always\n' });
    const env = { GITHUB_TOKEN: 't', GITHUB_API_URL: fake.url };
    repo.write({ '.github/plangate.yml': '_extends: acme/policies:plangate/strict.yml\n' });
    expect((await gate([], env)).json.gate).toBe('blocked');
    repo.write({ '.github/plangate.yml': '_extends: acme/policies:plangate/none.yml\n' });
    const missing = await gate([], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('names acme/policies:plangate/none.yml, which does not exist');
  });
});

describe('parseExtendsRef: one language, a superset of Probot', () => {
  it('reads repository files, repos, owner/repo and owner/repo:path', () => {
    expect(parseExtendsRef('config/base.yml')).toEqual({ kind: 'repo-file', path: 'config/base.yml' });
    expect(parseExtendsRef('./base.yaml')).toEqual({ kind: 'repo-file', path: 'base.yaml' });
    expect(parseExtendsRef('.github')).toEqual({ kind: 'github', repo: '.github' });
    expect(parseExtendsRef('acme/policies')).toEqual({ kind: 'github', owner: 'acme', repo: 'policies' });
    expect(parseExtendsRef('acme/policies:x/y.yml')).toEqual({ kind: 'github', owner: 'acme', repo: 'policies', path: 'x/y.yml' });
    expect(parseExtendsRef('../outside.yml')).toHaveProperty('error');
    expect(parseExtendsRef('/etc/x.yml')).toHaveProperty('error');
    expect(parseExtendsRef('not a ref')).toHaveProperty('error');
  });
});
