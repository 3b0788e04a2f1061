import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GATE_COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import { PRD_BODY } from '../support/evaluate-files.js';

const PRD = '.omx/plans/prd-export.md';
let h: AppHarness;

beforeEach(async () => {
  h = await startAppHarness();
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

/** A repo whose default branch holds `files`, and an open PR adding code and a PRD without its test spec. */
function repoWithPr(files: Record<string, string>, pull: { labels?: string[]; user?: string } = {}): number {
  h.fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n', ...files });
  // With code, so the plan gate applies (a docs-only change needs no plan).
  h.fake.commit('acme', 'widgets', 'feature', { [PRD]: PRD_BODY, 'src/export.ts': 'export {};\n' });
  return h.fake.addPull('acme', 'widgets', { head: 'feature', body: `Plan: ${PRD}`, ...pull }).number;
}

const runs = () => h.fake.repo('acme', 'widgets').checkRuns;
const gateComments = () => h.fake.repo('acme', 'widgets').comments.filter((c) => c.body.includes(GATE_COMMENT_MARKER));

describe('config from the default branch', () => {
  it('an invalid config: a failing check run listing every problem with its line, and no comment', async () => {
    const config = ['plans:', '  require: sometimes', '  exemptLabels: skip-me', 'scan:', '  failOn: critical', 'colour: blue', ''].join(
      '\n',
    );
    const pr = repoWithPr({ '.github/plangate.yml': config, '.omx/plans/keep.md': 'x\n' });
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));

    expect(runs()).toHaveLength(1);
    const run = runs()[0]!;
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(run.output.title).toBe('Could not evaluate: the config was rejected (4 problem(s)); fix it, then re-run');
    const summary = run.output.summary!;
    for (const [line, path] of [
      [2, 'plans.require'],
      [3, 'plans.exemptLabels'],
      [5, 'scan.failOn'],
      [6, 'colour'],
    ] as const) {
      expect(summary).toContain(`.github/plangate.yml:${line}`);
      expect(summary).toContain(`\`${path}\``);
    }
    expect(summary).toContain('"sometimes"');
    expect(gateComments()).toEqual([]);
    expect(h.evaluations[0]!.result).toMatchObject({ kind: 'config-problems' });
  });

  it('_extends: the org config is merged under the repo config (arrays replace) and validated', async () => {
    h.fake.seedRepoFromFiles('acme', '.github', {
      '.github/plangate.yml': 'plans:\n  requireAdr: true\n  exemptLabels: [org-skip, other]\n',
    });
    const pr = repoWithPr({ '.github/plangate.yml': '_extends: .github\nplans:\n  exemptLabels: [repo-skip]\n' }, { labels: ['org-skip'] });
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));

    const result = h.evaluations[0]!.result;
    if (result.kind !== 'evaluated') throw new Error(JSON.stringify(result));
    // requireAdr from the org file turned the missing ADR into an error…
    expect(result.report.findings.find((f) => f.ruleId === 'plans/missing_adr')?.severity).toBe('error');
    // …and the repo's exemptLabels replaced the org's list, so `org-skip` waives nothing.
    expect(result.report.gate).toBe('blocked');
    expect(result.report.setup?.configOrigin).toContain('_extends: .github');
  });

  it('_extends with a bad own key reports it at its own line', async () => {
    const pr = repoWithPr({ '.github/plangate.yml': '_extends: .github\nplans:\n  require: sometimes\n' });
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
    expect(runs()[0]).toMatchObject({ conclusion: 'failure' });
    expect(runs()[0]!.output.summary).toContain('.github/plangate.yml:3');
  });
});

describe('exempt labels', () => {
  it('labeled with an exempt label: the gate is waived, naming who applied it', async () => {
    const pr = repoWithPr({});
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
    expect(runs()[0]!.conclusion).toBe('failure');

    h.fake.setPermission('acme', 'widgets', 'alice', 'maintain');
    h.fake.label('acme', 'widgets', pr, 'plangate:skip', 'alice');
    await h.deliver(
      'pull_request',
      pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'labeled', label: 'plangate:skip', sender: 'alice' }),
    );

    expect(runs()).toHaveLength(1);
    // The plan file is an agent surface, so the scan ran too (and passed): a waived gate beside a passing check is a success.
    expect(runs()[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(gateComments()).toHaveLength(1);
    expect(gateComments()[0]!.body).toMatch(/NOT REQUIRED/);
    expect(gateComments()[0]!.body).toContain('alice');
    // Who added it comes from the issue events (one listing) and counts only with the approvers' permission.
    expect(h.fake.count('GET /repos/{owner}/{repo}/issues/{issue_number}/events')).toBe(1);
    expect(h.fake.count('GET /repos/{owner}/{repo}/collaborators/{username}/permission')).toBe(1);
  });

  it('an exempt label on the PR when it is opened: who applied it comes from the issue events', async () => {
    const pr = repoWithPr({});
    h.fake.setPermission('acme', 'widgets', 'bob', 'write');
    h.fake.label('acme', 'widgets', pr, 'plangate:skip', 'bob');
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'opened' }));
    const result = h.evaluations[0]!.result;
    if (result.kind !== 'evaluated') throw new Error(JSON.stringify(result));
    expect(result.report.findings.find((f) => f.ruleId === 'plans/exempt')?.message).toContain('applied by bob');
  });

  it('a label that is not exempt is ignored after reading the config, before any tree call', async () => {
    const pr = repoWithPr({ '.github/plangate.yml': 'plans:\n  exemptLabels: [no-plan-needed]\n' });
    h.fake.label('acme', 'widgets', pr, 'plangate:skip', 'carol');
    await h.deliver(
      'pull_request',
      pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'labeled', label: 'plangate:skip', sender: 'carol' }),
    );
    expect(h.evaluations[0]!.result).toMatchObject({ kind: 'skipped' });
    expect(runs()).toEqual([]);
    expect(h.fake.count('GET /repos/{owner}/{repo}/git/trees/{tree_sha}')).toBe(0);
  });

  it('unlabeled: removing the exempt label brings the gate back', async () => {
    // The PR's author adds the label when opening it, and may (write permission).
    const pr = repoWithPr({}, { labels: ['plangate:skip'], user: 'wendy' });
    h.fake.setPermission('acme', 'widgets', 'wendy', 'write');
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
    expect(runs()[0]!.conclusion).toBe('success');
    h.fake.unlabel('acme', 'widgets', pr, 'plangate:skip', 'dave');
    await h.deliver(
      'pull_request',
      pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'unlabeled', label: 'plangate:skip', sender: 'dave' }),
    );
    expect(runs()).toHaveLength(1);
    expect(runs()[0]!.conclusion).toBe('failure');
    expect(gateComments()[0]!.body).toContain('BLOCKED');
  });
});
