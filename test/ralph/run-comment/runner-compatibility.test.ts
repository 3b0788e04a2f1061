import { Octokit } from '@octokit/core';
import { afterEach, describe, expect, it } from 'vitest';
import { applyRalphEvent } from '../../../src/core/ralph/ralph-machine.js';
import { createRalphState } from '../../../src/core/ralph/ralph-state.js';
import { parseRunComment } from '../../../src/core/ralph/run-comment/parse-run-comment.js';
import { renderRunComment } from '../../../src/core/ralph/run-comment/render-run-comment.js';
import { newRunCommentData } from '../../../src/core/ralph/run-comment/run-comment-transitions.js';
import type { OctokitRequester } from '../../../src/github/octokit-like.js';
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

    const octokit = new Octokit({ baseUrl: fake.url, auth: 'actions-token' }) as unknown as OctokitRequester;
    const reporter = new RunCommentReporter(
      octokit,
      { owner: 'acme', repo: 'widgets', issue: issue.number },
      { runUrl: 'https://github.com/acme/widgets/actions/runs/1', warn: (m) => expect.fail(m) },
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
