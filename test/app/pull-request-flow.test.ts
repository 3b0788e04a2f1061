import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GATE_COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import { PRD_BODY, SPEC_BODY } from '../support/evaluate-files.js';

const PRD = '.omx/plans/prd-export.md';
const SPEC = '.omx/plans/test-spec-export.md';

let h: AppHarness;

beforeEach(async () => {
  h = await startAppHarness();
  h.fake.seedRepoFromFiles('acme', 'widgets', {
    'README.md': '# widgets\n',
    '.omx/plans/prd-old.md': PRD_BODY,
    '.omx/plans/test-spec-old.md': SPEC_BODY,
  });
});

afterEach(async () => {
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

const runs = () => h.fake.repo('acme', 'widgets').checkRuns;
const gateComments = () => h.fake.repo('acme', 'widgets').comments.filter((c) => c.body.includes(GATE_COMMENT_MARKER));

describe('pull request flow', () => {
  it('opened: one completed check run (failure) with annotations and one gate comment by the App', async () => {
    const headSha = h.fake.commit('acme', 'widgets', 'feature', {
      [PRD]: PRD_BODY.replace('- [ ] `app export', '- [ ] Tests pass\n- [ ] `app export'),
      'src/export.ts': 'export {};\n',
    });
    const pr = h.fake.addPull('acme', 'widgets', { head: 'feature', body: `Adds export.\n\nPlan: ${PRD}` }).number;

    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));

    expect(runs()).toHaveLength(1);
    const run = runs()[0]!;
    expect(run).toMatchObject({ name: 'plangate', headSha, status: 'completed', conclusion: 'failure', app: 'plangate' });
    expect(run.output.title).toMatch(/BLOCKED/);
    expect(run.output.summary).toContain('plans/missing_test_spec');
    expect(run.annotations.map((a) => [a.path, a.annotation_level, a.title])).toEqual([
      [PRD, 'failure', 'plans/missing_test_spec'],
      [PRD, 'warning', 'plans/generic_criterion'],
      [PRD, 'notice', 'plans/missing_adr'],
    ]);
    const generic = run.annotations.find((a) => a.title === 'plans/generic_criterion')!;
    expect(generic.start_line).toBe(PRD_BODY.split('\n').findIndex((l) => l.startsWith('- [ ] `app export')) + 1);

    expect(gateComments()).toHaveLength(1);
    expect(gateComments()[0]).toMatchObject({ user: 'plangate[bot]', viaApp: 'plangate' });
    expect(gateComments()[0]!.body).toContain('BLOCKED');
    expect(h.evaluations.map((e) => e.result.kind)).toEqual(['evaluated']);
  });

  it('synchronize that completes the plan flips the check to success and edits the same comment', async () => {
    h.fake.commit('acme', 'widgets', 'feature', { [PRD]: PRD_BODY, 'src/export.ts': 'export {};\n' });
    const pr = h.fake.addPull('acme', 'widgets', { head: 'feature', body: `Plan: ${PRD}` }).number;
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
    const [blockedComment] = gateComments();
    expect(runs().map((r) => r.conclusion)).toEqual(['failure']);

    const fixedSha = h.fake.commit('acme', 'widgets', 'feature', { [SPEC]: SPEC_BODY });
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'synchronize' }));

    const forFix = runs().filter((r) => r.headSha === fixedSha);
    expect(forFix).toHaveLength(1);
    expect(forFix[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(forFix[0]!.output.title).toMatch(/UNLOCKED/);
    expect(gateComments()).toHaveLength(1);
    expect(gateComments()[0]!.id).toBe(blockedComment!.id);
    expect(gateComments()[0]!.body).toContain('UNLOCKED');
    expect(gateComments()[0]!.body).not.toContain('BLOCKED');
  });

  it('logs one structured line per delivery: delivery id, repo, PR, duration and API request count', async () => {
    h.fake.commit('acme', 'widgets', 'feature', { [PRD]: PRD_BODY, [SPEC]: SPEC_BODY, 'src/export.ts': 'export {};\n' });
    const pr = h.fake.addPull('acme', 'widgets', { head: 'feature' }).number;
    h.fake.resetRequests();
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr), 'delivery-log-1');

    const line = h.logs.find((l) => l.deliveryId === 'delivery-log-1' && l.outcome === 'evaluated');
    expect(line).toMatchObject({ repo: 'acme/widgets', pr, event: 'pull_request.opened', conclusion: 'success', comment: 'created' });
    expect(line!.durationMs).toEqual(expect.any(Number));
    // The counter sees what the installation's Octokit sent (its token request included), not the App-JWT `GET /app`.
    expect(line!.apiRequests).toBe(h.fake.requests.filter((r) => r.route !== 'GET /app').length);
  });

  it('rejects a delivery whose signature does not match the webhook secret, touching nothing', async () => {
    h.fake.commit('acme', 'widgets', 'feature', { [PRD]: PRD_BODY, 'src/export.ts': 'export {};\n' });
    const pr = h.fake.addPull('acme', 'widgets', { head: 'feature' }).number;
    h.fake.resetRequests();
    const payload = JSON.stringify(pullRequestEvent(h.fake, 'acme', 'widgets', pr));
    await expect(
      h.probot.webhooks.verifyAndReceive({ id: 'forged', name: 'pull_request', payload, signature: 'sha256=' + '0'.repeat(64) }),
    ).rejects.toThrow(/signature does not match/);
    expect(h.fake.requests).toEqual([]);
    expect(h.evaluations).toEqual([]);
  });

  it('does nothing for a repository with no config and no known layout', async () => {
    h.fake.seedRepoFromFiles('acme', 'plain', { 'README.md': '# plain\n', 'src/index.ts': 'export {};\n' });
    h.fake.commit('acme', 'plain', 'feature', { 'src/more.ts': 'export {};\n' });
    const pr = h.fake.addPull('acme', 'plain', { head: 'feature' }).number;
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'plain', pr));
    expect(h.fake.repo('acme', 'plain').checkRuns).toEqual([]);
    expect(h.fake.repo('acme', 'plain').comments).toEqual([]);
    expect(h.evaluations[0]!.result).toMatchObject({ kind: 'skipped' });
    expect(
      h.fake.requests.filter((r) => r.method !== 'GET' && r.route !== 'POST /app/installations/{installation_id}/access_tokens'),
    ).toEqual([]);
  });

  it('a PR from a fork gets the same check run and comment (the App writes to the base repository)', async () => {
    h.fake.fork('acme', 'widgets', 'mallory');
    const headSha = h.fake.commit('mallory', 'widgets', 'patch', { [PRD]: PRD_BODY, [SPEC]: SPEC_BODY, 'src/export.ts': 'export {};\n' });
    const pr = h.fake.addPull('acme', 'widgets', { head: 'patch', headRepo: 'mallory/widgets', user: 'mallory' }).number;
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
    expect(runs()).toMatchObject([{ headSha, status: 'completed', conclusion: 'success' }]);
    expect(gateComments()).toHaveLength(1);
  });

  it('reads the config from the default branch, never from the pull request', async () => {
    h.fake.commit('acme', 'widgets', 'main', { '.github/plangate.yml': 'plans:\n  require: always\n' });
    // The PR tries to switch its own gate off.
    h.fake.commit('acme', 'widgets', 'feature', { '.github/plangate.yml': 'plans:\n  require: never\n', [PRD]: PRD_BODY });
    const pr = h.fake.addPull('acme', 'widgets', { head: 'feature', body: `Plan: ${PRD}` }).number;
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
    expect(runs()[0]).toMatchObject({ conclusion: 'failure' });
  });

  it('uses the PR body `Plan:` line, and an edit that changes it re-evaluates while other edits do not', async () => {
    h.fake.commit('acme', 'widgets', 'feature', { [PRD]: PRD_BODY, 'src/export.ts': 'export {};\n' });
    const pr = h.fake.addPull('acme', 'widgets', { head: 'feature', body: `Plan: ${PRD}` }).number;
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr));
    expect(runs()[0]!.conclusion).toBe('failure');

    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'edited' }));
    expect(h.evaluations).toHaveLength(1);

    const issue = h.fake.repo('acme', 'widgets').issues[pr]!;
    issue.body = 'Plan: .omx/plans/prd-old.md';
    await h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr, { action: 'edited', bodyBefore: `Plan: ${PRD}` }));
    expect(h.evaluations).toHaveLength(2);
    expect(runs()).toHaveLength(1);
    expect(runs()[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
    expect(gateComments()).toHaveLength(1);
    expect(gateComments()[0]!.body).toContain('UNLOCKED');
  });
});
