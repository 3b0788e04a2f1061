import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GATE_COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { MAX_EXTENDS_DEPTH } from '../../src/core/config/extends/resolve-extends.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import { PRD_BODY } from '../support/evaluate-files.js';

/**
 * The App follows `_extends` with the resolver the CLI and the Action use. Before, Probot's loader
 * skipped a base it could not find and read `config/x.yml` as owner `config`, repository `x.yml`
 * (also not found, also skipped): the App ran without the base config the CLI and the Action
 * refuse to run without.
 */
const PRD = '.omx/plans/prd-export.md';
const CONTENTS = '/repos/{owner}/{repo}/contents/{path}';
let h: AppHarness;

beforeEach(async () => {
  h = await startAppHarness();
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

/** A repo whose default branch holds `files`, and a PR adding code and a PRD without its test spec (and `head` files). */
function repoWithPr(files: Record<string, string>, head: Record<string, string> = {}): number {
  h.fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n', ...files });
  h.fake.commit('acme', 'widgets', 'feature', { [PRD]: PRD_BODY, 'src/export.ts': 'export {};\n', ...head });
  return h.fake.addPull('acme', 'widgets', { head: 'feature', body: `Plan: ${PRD}` }).number;
}

const runs = () => h.fake.repo('acme', 'widgets').checkRuns;
const gateComments = () => h.fake.repo('acme', 'widgets').comments.filter((c) => c.body.includes(GATE_COMMENT_MARKER));

async function evaluate(pr: number) {
  await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
  expect(runs()).toHaveLength(1);
  return { run: runs()[0]!, result: h.evaluations.at(-1)!.result };
}

describe('the App resolves _extends like the CLI and the Action', () => {
  it('a base in a repository that does not exist: a failing check run naming it, never the config without its base', async () => {
    const pr = repoWithPr({ '.github/plangate.yml': '_extends: acme/nowhere\nplans:\n  require: never\n' });
    const { run, result } = await evaluate(pr);

    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(run.output.title).toMatch(/^Could not evaluate: the config was rejected/);
    expect(run.output.summary).toContain('acme/nowhere');
    expect(run.output.summary).toContain('which does not exist');
    expect(run.output.summary).toContain('.github/plangate.yml:1');
    expect(result).toMatchObject({ kind: 'config-problems' });
    expect(gateComments()).toEqual([]);
  });

  it('a path in this repository is that file on the default branch, not a repository and not the PR head', async () => {
    const base = 'plans:\n  require: always\n  requireAdr: true\n';
    // The PR rewrites the base file to switch its gate off; the default branch's copy applies.
    const pr = repoWithPr(
      { 'config/plangate-base.yml': base, '.github/plangate.yml': '_extends: config/plangate-base.yml\n' },
      { 'config/plangate-base.yml': 'plans:\n  require: never\n' },
    );
    const { run, result } = await evaluate(pr);

    if (result.kind !== 'evaluated') throw new Error(JSON.stringify(result));
    expect(run.conclusion).toBe('failure');
    expect(result.report.gate).toBe('blocked');
    expect(result.report.findings.find((f) => f.ruleId === 'plans/missing_adr')?.severity).toBe('error');
    expect(result.report.setup?.configOrigin).toContain('.github/plangate.yml (with _extends: config/plangate-base.yml) on main');
    // Read at the default branch's commit, and never as a repository named `config/plangate-base.yml`.
    const baseReads = h.fake.requests.filter((r) =>
      decodeURIComponent(r.path).startsWith('/repos/acme/widgets/contents/config/plangate-base.yml'),
    );
    expect(baseReads).toHaveLength(1);
    expect(baseReads[0]!.path).toContain(`ref=${h.fake.repo('acme', 'widgets').refs['refs/heads/main']}`);
    expect(h.fake.requests.some((r) => r.path.startsWith('/repos/config/'))).toBe(false);
  });

  it("the organisation's .github repository, then a file in it: a chain across repositories, each layer validated where it is", async () => {
    h.fake.seedRepoFromFiles('acme', '.github', {
      '.github/plangate.yml': '_extends: acme/policies:strict.yml\nplans:\n  exemptLabels: [org-skip]\n',
    });
    h.fake.seedRepoFromFiles('acme', 'policies', { 'strict.yml': 'plans:\n  requireAdr: tru\n' });
    const pr = repoWithPr({ '.github/plangate.yml': '_extends: .github\n' });
    const { run } = await evaluate(pr);
    expect(run.conclusion).toBe('failure');
    // The problem is in the third layer, and the check run says where.
    expect(run.output.summary).toContain('acme/policies:strict.yml:2');
    expect(run.output.summary).toContain('plans.requireAdr');

    h.fake.commit('acme', 'policies', 'main', { 'strict.yml': 'plans:\n  requireAdr: true\n' });
    runs().length = 0;
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'synchronize' }));
    const result = h.evaluations.at(-1)!.result;
    if (result.kind !== 'evaluated') throw new Error(JSON.stringify(result));
    expect(result.report.findings.find((f) => f.ruleId === 'plans/missing_adr')?.severity).toBe('error');
  });

  it(`a chain longer than ${MAX_EXTENDS_DEPTH} configs, and a loop, fail the check naming the problem`, async () => {
    const chain: Record<string, string> = { '.github/plangate.yml': '_extends: config/c1.yml\n' };
    for (let i = 1; i <= MAX_EXTENDS_DEPTH; i++) chain[`config/c${i}.yml`] = `_extends: config/c${i + 1}.yml\n`;
    chain[`config/c${MAX_EXTENDS_DEPTH + 1}.yml`] = 'plans:\n  require: never\n';
    const pr = repoWithPr(chain);
    const { run } = await evaluate(pr);
    expect(run.conclusion).toBe('failure');
    expect(run.output.summary).toContain('chain is too long');
    expect(run.output.summary).toContain(`at most ${MAX_EXTENDS_DEPTH} configs`);
    // Bounded: it stopped reading at the limit.
    expect(h.fake.count(`GET ${CONTENTS}`)).toBeLessThanOrEqual(MAX_EXTENDS_DEPTH);

    h.fake.commit('acme', 'widgets', 'main', { 'config/c3.yml': '_extends: config/c1.yml\n' });
    runs().length = 0;
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'synchronize' }));
    expect(runs()[0]!.conclusion).toBe('failure');
    expect(runs()[0]!.output.summary).toContain('leads back to config/c1.yml');
  });

  it('GitHub failing while a base is read is an outage (retried, named), not a config to fix', async () => {
    h.fake.seedRepoFromFiles('acme', '.github', { '.github/plangate.yml': 'plans:\n  require: always\n' });
    const pr = repoWithPr({ '.github/plangate.yml': '_extends: .github\n' });
    h.fake.failNext({ route: CONTENTS, path: '/repos/acme/.github/', status: 502, times: 10 });
    const { run, result } = await evaluate(pr);

    expect(run.conclusion).toBe('failure');
    expect(run.output.title).not.toContain('config was rejected');
    expect(run.output.title).toContain('502');
    expect(result).toMatchObject({ kind: 'failed' });
    expect(h.fake.requests.filter((r) => r.path.startsWith('/repos/acme/.github/')).length).toBeGreaterThan(1);
  });
});
