import { Octokit } from '@octokit/core';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRalphEvent } from '../../../src/core/ralph/ralph-machine.js';
import { createRalphState } from '../../../src/core/ralph/ralph-state.js';
import { parseRunComment } from '../../../src/core/ralph/run-comment/parse-run-comment.js';
import { renderRunComment } from '../../../src/core/ralph/run-comment/render-run-comment.js';
import { newRunCommentData } from '../../../src/core/ralph/run-comment/run-comment-transitions.js';
import type { OctokitLike } from '../../../src/github/octokit-like.js';
import { RunCommentReporter } from '../../../src/ralph/run-comment-reporter.js';
import { FakeGitHub } from '../../support/fake-github/index.js';

let fake: FakeGitHub | undefined;
afterEach(async () => {
  if (fake) expect(fake.validationErrors).toEqual([]);
  await fake?.close();
  fake = undefined;
});

describe("the App's run comment and the ralph runner's progress updates", () => {
  it("keeps the App's data line through the runner's rewrites of the visible part", async () => {
    fake = await FakeGitHub.start();
    fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# w\n' }, { branch: 'main' });
    const issue = fake.addIssue('acme', 'widgets', { title: 'Ship it', labels: ['ralph'], user: 'alice' });
    const data = newRunCommentData({
      key: 'acme/widgets#1:label:ralph:event:5',
      previousKeys: [],
      claim: 'n',
      mode: 'ralph',
      plan: 'prd.md',
      maxIterations: 3,
    });
    fake.addComment('acme', 'widgets', issue.number, renderRunComment(data), 'plangate[bot]');

    const octokit = new Octokit({ baseUrl: fake.url, auth: 'actions-token' }) as unknown as OctokitLike;
    const reporter = new RunCommentReporter(
      octokit,
      { owner: 'acme', repo: 'widgets', issue: issue.number },
      { runUrl: 'https://github.com/acme/widgets/actions/runs/1', appLogin: 'plangate[bot]', warn: (m) => expect.fail(m) },
    );
    let state = createRalphState({
      runId: 'r1',
      plan: 'prd.md',
      stories: [{ id: 'A', title: 'Story A', description: '', criteria: ['a'], priority: 1, verify: [], passes: false }],
      verify: ['true'],
      maxIterations: 3,
      maxStoryAttempts: 3,
    });
    state = applyRalphEvent(state, { type: 'baseline_recorded', results: [{ command: 'true', passed: true, exitCode: 0 }] });
    await reporter.update(state);
    state = applyRalphEvent(state, { type: 'agent_started', storyId: 'A', iteration: 1 });
    await reporter.update(state);

    const comments = fake.repo('acme', 'widgets').comments;
    expect(comments).toHaveLength(1);
    expect(comments[0]!.user).toBe('plangate[bot]');
    expect(comments[0]!.body).toContain('iteration 1/3');
    expect(parseRunComment(comments[0]!.body)).toEqual({ kind: 'run', data });
  });
});

describe('which comment the ralph runner updates as the run comment', () => {
  const MARKER = '<!-- plangate:run -->';
  const state = () =>
    createRalphState({
      runId: 'r1',
      plan: 'prd.md',
      stories: [{ id: 'A', title: 'Story A', description: '', criteria: ['a'], priority: 1, verify: [], passes: false }],
      verify: [],
      maxIterations: 3,
      maxStoryAttempts: 3,
    });
  const iterating = () =>
    applyRalphEvent(applyRalphEvent(state(), { type: 'baseline_recorded', results: [] }), {
      type: 'agent_started',
      storyId: 'A',
      iteration: 1,
    });
  async function setUp() {
    fake = await FakeGitHub.start();
    fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# w\n' }, { branch: 'main' });
    return fake.addIssue('acme', 'widgets', { title: 'Ship it', labels: ['ralph'], user: 'alice' }).number;
  }
  function reporter(issue: number, options: { appLogin?: string; token?: string } = {}) {
    const warnings: string[] = [];
    const octokit = new Octokit({ baseUrl: fake!.url, auth: options.token ?? 'actions-token' }) as unknown as OctokitLike;
    const r = new RunCommentReporter(
      octokit,
      { owner: 'acme', repo: 'widgets', issue },
      { ...(options.appLogin ? { appLogin: options.appLogin } : {}), warn: (m) => warnings.push(m) },
    );
    return { r, warnings };
  }
  const writesTo = (id: number) => fake!.requests.filter((q) => q.method !== 'GET' && q.path.endsWith(`/issues/comments/${id}`));
  const marked = () => fake!.repo('acme', 'widgets').comments.filter((c) => c.body.includes(MARKER));

  it("updates the App's comment, never an older look-alike, and deletes nothing", async () => {
    const issue = await setUp();
    const forged = fake!.addComment('acme', 'widgets', issue, `${MARKER}\n### plangate ralph: ✅ completed`, 'mallory');
    const byOtherApp = fake!.addComment('acme', 'widgets', issue, `${MARKER}\nanother App`, 'other-app[bot]');
    const app = fake!.addComment('acme', 'widgets', issue, `${MARKER}\n<!-- plangate:dispatch-key k -->\ndispatched`, 'plangate[bot]');
    const { r, warnings } = reporter(issue, { appLogin: 'plangate[bot]' });
    await r.update(state());
    await r.fail('no plan');

    expect(warnings).toEqual([]);
    expect(writesTo(forged.id)).toEqual([]);
    expect(writesTo(byOtherApp.id)).toEqual([]);
    expect(marked().map((c) => c.id)).toEqual([forged.id, byOtherApp.id, app.id]);
    const body = marked().find((c) => c.id === app.id)!.body;
    expect(body.split('\n').slice(0, 2)).toEqual([MARKER, '<!-- plangate:dispatch-key k -->']);
    expect(body).toContain('failed before the first iteration');
    // The App's login is enough: the token's own account is not asked for.
    expect(fake!.count('POST /graphql')).toBe(0);
  });

  it("carries the App's hidden lines as they are at each update (the App records the run's id after the dispatch)", async () => {
    const issue = await setUp();
    const app = fake!.addComment(
      'acme',
      'widgets',
      issue,
      `${MARKER}\n<!-- plangate:run-data {"claim":1} -->\ndispatched`,
      'plangate[bot]',
    );
    const { r } = reporter(issue, { appLogin: 'plangate[bot]' });
    await r.update(state());
    const comment = fake!.repo('acme', 'widgets').comments.find((c) => c.id === app.id)!;
    comment.body = comment.body.replace('{"claim":1}', '{"claim":1,"runId":7}');
    await r.update(iterating());
    expect(comment.body).toContain('<!-- plangate:run-data {"claim":1,"runId":7} -->');
    expect(comment.body).toContain('iteration 1/3');
  });

  it("without the App's comment, writes one of the token's own and leaves look-alikes alone", async () => {
    const issue = await setUp();
    const forged = fake!.addComment('acme', 'widgets', issue, `${MARKER}\nforged`, 'mallory');
    const { r, warnings } = reporter(issue, { appLogin: 'plangate[bot]' });
    await r.update(state());
    await r.update(iterating());

    expect(warnings).toEqual([]);
    expect(writesTo(forged.id)).toEqual([]);
    const [, own, ...more] = marked();
    expect(more).toEqual([]);
    expect(own).toMatchObject({ user: 'github-actions[bot]' });
    expect(own!.body).toContain('iteration 1/3');
    expect(fake!.count('POST /repos/{owner}/{repo}/issues/{issue_number}/comments')).toBe(1);
  });

  it('a person’s token (a PAT) owns that person’s comment, not the workflow bot’s', async () => {
    const issue = await setUp();
    fake!.addToken('ghp_alice', { login: 'alice', type: 'User' });
    const bots = fake!.addComment('acme', 'widgets', issue, `${MARKER}\nby the default token`, 'github-actions[bot]');
    const alices = fake!.addComment('acme', 'widgets', issue, `${MARKER}\nalice's`, 'alice');
    const { r } = reporter(issue, { token: 'ghp_alice' });
    await r.update(state());
    expect(writesTo(bots.id)).toEqual([]);
    expect(fake!.repo('acme', 'widgets').comments.find((c) => c.id === alices.id)!.body).toContain('### plangate ralph');
  });

  it('refuses an app-login that is not an App’s bot account, once, and then keeps to the token’s own comment', async () => {
    const issue = await setUp();
    const mallorys = fake!.addComment('acme', 'widgets', issue, `${MARKER}\nforged`, 'mallory');
    const { r, warnings } = reporter(issue, { appLogin: 'mallory' });
    await r.update(state());
    await r.update(state());
    expect(writesTo(mallorys.id)).toEqual([]);
    expect(warnings).toEqual([
      'plangate ralph: app-login "mallory" is not an App\'s bot login (<slug>[bot]); only the token\'s own run comment on #1 is updated.',
    ]);
    expect(marked().map((c) => c.user)).toEqual(['mallory', 'github-actions[bot]']);
  });

  it("fails closed when no account is known: no App comment and the token's login cannot be learnt → nothing written, one warning", async () => {
    const issue = await setUp();
    const forged = fake!.addComment('acme', 'widgets', issue, `${MARKER}\nforged`, 'mallory');
    fake!.failNext({ route: '/graphql', status: 502 });
    const { r, warnings } = reporter(issue);
    await r.update(state());
    await r.update(state());
    await r.fail('x');

    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^plangate ralph: the run comment on #1 is not written: there is no run comment by the App \(no app-login given\) and the token's own account could not be learnt/,
    );
    expect(fake!.requests.filter((q) => q.method !== 'GET' && q.route !== 'POST /graphql')).toEqual([]);
    expect(writesTo(forged.id)).toEqual([]);
  });
});
