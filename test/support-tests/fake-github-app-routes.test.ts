import { Octokit } from '@octokit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../support/fake-github/index.js';

let fake: FakeGitHub;
let head: string;
const repo = { owner: 'acme', repo: 'widgets' };
const asUser = (login: string) => {
  fake.addToken(`pat-${login}`, { login, type: 'User' });
  return new Octokit({ baseUrl: fake.url, auth: `pat-${login}` });
};

beforeEach(async () => {
  fake = await FakeGitHub.start();
  head = fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# w\n' });
});

afterEach(async () => {
  expect(fake.validationErrors).toEqual([]);
  await fake.close();
});

describe('issue events', () => {
  it('lists who added and removed each label, oldest first, from the API and from test helpers', async () => {
    const issue = fake.addIssue('acme', 'widgets', { labels: ['triage'], user: 'alice' });
    await asUser('bob').request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
      ...repo,
      issue_number: issue.number,
      labels: ['plangate:skip'],
    });
    await asUser('carol').request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}', {
      ...repo,
      issue_number: issue.number,
      name: 'triage',
    });
    fake.label('acme', 'widgets', issue.number, 'ralph', 'dave');
    fake.unlabel('acme', 'widgets', issue.number, 'ralph', 'erin');
    const { data } = await asUser('x').request('GET /repos/{owner}/{repo}/issues/{issue_number}/events', {
      ...repo,
      issue_number: issue.number,
    });
    expect(data.map((e) => [e.event, (e as { label?: { name: string } }).label?.name, e.actor?.login])).toEqual([
      ['labeled', 'triage', 'alice'],
      ['labeled', 'plangate:skip', 'bob'],
      ['unlabeled', 'triage', 'carol'],
      ['labeled', 'ralph', 'dave'],
      ['unlabeled', 'ralph', 'erin'],
    ]);
    expect(data.map((e) => e.id)).toEqual(data.map((e) => e.id).sort((a, b) => a - b));
  });
});

describe('check runs', () => {
  it("`app_id` on the commit listing keeps only that App's runs (GitHub Actions runs have app id 15368)", async () => {
    const actions = new Octokit({ baseUrl: fake.url, auth: 'actions-token' });
    await actions.request('POST /repos/{owner}/{repo}/check-runs', { ...repo, name: 'plangate', head_sha: head });
    const all = await actions.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', { ...repo, ref: head, check_name: 'plangate' });
    expect(all.data.check_runs.map((r) => r.app?.id)).toEqual([15368]);
    const ours = await actions.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
      ...repo,
      ref: head,
      check_name: 'plangate',
      app_id: fake.state.app.id,
    });
    expect(ours.data.total_count).toBe(0);
  });

  it('accepts completing a run with PATCH status=completed + conclusion (one anyOf branch), and rejects completed without a conclusion', async () => {
    const octokit = new Octokit({ baseUrl: fake.url, auth: 'token' });
    const { data: run } = await octokit.request('POST /repos/{owner}/{repo}/check-runs', {
      ...repo,
      name: 'plangate',
      head_sha: head,
      status: 'in_progress',
    });
    const { data } = await octokit.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
      ...repo,
      check_run_id: run.id,
      status: 'completed',
      conclusion: 'neutral',
      output: { title: 't', summary: 's' },
    });
    expect(data).toMatchObject({ status: 'completed', conclusion: 'neutral' });
    await expect(
      octokit.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', { ...repo, check_run_id: run.id, status: 'completed' }),
    ).rejects.toMatchObject({ status: 400 });
    expect(fake.validationErrors).toHaveLength(1);
    fake.validationErrors.length = 0;
  });
});
