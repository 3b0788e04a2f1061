import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCheckMode } from '../../src/action/main.js';
import type { ActionInputs } from '../../src/action/inputs.js';
import { renderConfigJsonSchema } from '../../src/core/config/json-schema.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { runCli } from '../support/run-cli.js';
import { TempGitRepo } from '../support/temp-git-repo.js';
import { PRD_BODY } from '../support/evaluate-files.js';

// Check mode never reads the ralph inputs; the cast keeps this test out of their shape.
const inputs: ActionInputs = {
  config: '.github/plangate.yml',
  comment: false,
  mode: 'check',
  workingDirectory: '.',
  annotations: 'changed-files',
  ralph: { verify: [] } as unknown as ActionInputs['ralph'],
};
const push = (dir: string, token?: string) =>
  runCheckMode(inputs, {
    workspace: dir,
    eventName: 'push',
    payload: { repository: { owner: { login: 'acme' }, name: 'widgets' } },
    ...(token ? { token } : {}),
  });

let repo: TempGitRepo;
beforeEach(() => {
  repo = new TempGitRepo('plangate-extends-action-').write({ '.omx/plans/prd-a.md': PRD_BODY, 'src/app.ts': 'export {};\n' });
});
afterEach(() => repo.cleanup());

describe('one config language: _extends in the JSON Schema, the CLI and the Action', () => {
  it('the published schema accepts _extends', () => {
    expect(JSON.parse(renderConfigJsonSchema()).properties._extends).toMatchObject({ type: 'string' });
  });

  it('the Action follows a repository file the way the CLI does', async () => {
    repo.write({ 'config/base.yml': 'plans:\n  require: always\n', '.github/plangate.yml': '_extends: config/base.yml\n' });
    repo.commit('config');
    const action = await push(repo.dir);
    expect(action.problems).toEqual([]);
    expect(action.report?.gate).toBe('blocked');
    const cli = JSON.parse((await runCli(['check', repo.dir, '--json'])).stdout);
    expect(cli.gate).toBe(action.report?.gate);
    expect(cli.config.file).toBe('.github/plangate.yml (with _extends: config/base.yml)');
  });

  it('the Action names the missing token instead of running without the base config', async () => {
    repo.write({ '.github/plangate.yml': '_extends: .github\n' });
    repo.commit('config');
    const action = await push(repo.dir);
    expect(action.exitCode).toBe(1);
    expect(action.problems.join('\n')).toContain('the Action was given no token (github-token input)');
  });

  it("the Action reads the organisation's .github repository with its token", async () => {
    const fake = await FakeGitHub.start();
    const saved = process.env.GITHUB_API_URL;
    process.env.GITHUB_API_URL = fake.url;
    try {
      fake.seedRepoFromFiles('acme', '.github', { '.github/plangate.yml': 'plans:\n  require: always\n' });
      repo.write({ '.github/plangate.yml': '_extends: .github\n' });
      repo.commit('config');
      const action = await push(repo.dir, 'test-token');
      expect(action.problems).toEqual([]);
      expect(action.report?.gate).toBe('blocked');
      expect(fake.count('GET /repos/{owner}/{repo}/contents/{path}')).toBe(1);
      expect(fake.validationErrors).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.GITHUB_API_URL;
      else process.env.GITHUB_API_URL = saved;
      await fake.close();
    }
  });
});
