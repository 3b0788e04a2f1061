import { generateKeyPairSync } from 'node:crypto';
import { Octokit } from '@octokit/core';
import { Probot, ProbotOctokit } from 'probot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../support/fake-github/index.js';

let fake: FakeGitHub;
let octokit: Octokit;
let head: string;
const repo = { owner: 'acme', repo: 'widgets' };

beforeEach(async () => {
  fake = await FakeGitHub.start();
  octokit = new Octokit({ baseUrl: fake.url, auth: 'test-token' });
  head = fake.seedRepoFromFiles('acme', 'widgets', {
    'README.md': 'one\ntwo\nthree\n',
    '.github/workflows/ralph.yml':
      'on:\n  workflow_dispatch:\n    inputs:\n      issue: { required: true }\n      plan: {}\n      mode: {}\n      max-iterations: {}\njobs: {}\n',
  });
});

afterEach(async () => {
  expect(fake.validationErrors).toEqual([]);
  await fake.close();
});

describe('issue comments', () => {
  it('gives increasing ids and created_at, lists by id with Link pagination', async () => {
    const issue = fake.addIssue('acme', 'widgets', { title: 'plan' });
    const created = [];
    for (let i = 0; i < 5; i++)
      created.push(
        (
          await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
            ...repo,
            issue_number: issue.number,
            body: `c${i}`,
          })
        ).data,
      );
    expect(created.map((c) => Number(c.id))).toEqual(created.map((c) => Number(c.id)).sort((a, b) => a - b));
    expect(new Set(created.map((c) => c.created_at)).size).toBe(5);
    expect(created[0]).toMatchObject({
      body: 'c0',
      user: { login: 'github-actions[bot]', type: 'Bot' },
      html_url: expect.stringContaining(`#issuecomment-${created[0]!.id}`),
    });
    const first = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      ...repo,
      issue_number: issue.number,
      per_page: 2,
    });
    expect(first.data.map((c) => c.body)).toEqual(['c0', 'c1']);
    expect(first.headers.link).toMatch(/page=2&?[^>]*>; rel="next"/);
    expect(first.headers.link).toMatch(/page=3[^>]*>; rel="last"/);
  });

  it('updates and deletes in place; concurrent creates both land (no hidden locking)', async () => {
    const issue = fake.addIssue('acme', 'widgets');
    const [a, b] = await Promise.all([
      octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: issue.number, body: 'a' }),
      octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: issue.number, body: 'b' }),
    ]);
    const updated = await octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
      ...repo,
      comment_id: a.data.id,
      body: 'a2',
    });
    expect(updated.data.updated_at > updated.data.created_at).toBe(true);
    await octokit.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', { ...repo, comment_id: b.data.id });
    expect(fake.repo('acme', 'widgets').comments.map((c) => c.body)).toEqual(['a2']);
  });

  it('rejects bodies longer than GitHub allows and comments on missing issues', async () => {
    fake.addIssue('acme', 'widgets');
    const long = octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      ...repo,
      issue_number: 1,
      body: 'x'.repeat(65_537),
    });
    await expect(long).rejects.toMatchObject({ status: 422 });
    await expect(
      octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: 99, body: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('labels and permissions', () => {
  it('adds, lists and removes issue labels', async () => {
    const issue = fake.addIssue('acme', 'widgets', { labels: ['ralph'] });
    const added = await octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/labels', {
      ...repo,
      issue_number: issue.number,
      labels: ['ralplan'],
    });
    expect(added.data.map((l) => l.name)).toEqual(['ralph', 'ralplan']);
    await octokit.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}', {
      ...repo,
      issue_number: issue.number,
      name: 'ralph',
    });
    const listed = await octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/labels', { ...repo, issue_number: issue.number });
    expect(listed.data.map((l) => l.name)).toEqual(['ralplan']);
    await expect(
      octokit.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}', {
        ...repo,
        issue_number: issue.number,
        name: 'ralph',
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('reports roles like GitHub: maintain shows as write, triage as read, role_name keeps the role', async () => {
    fake.setPermission('acme', 'widgets', 'mia', 'maintain');
    fake.setPermission('acme', 'widgets', 'tom', 'triage');
    const ask = (username: string) =>
      octokit
        .request('GET /repos/{owner}/{repo}/collaborators/{username}/permission', { ...repo, username })
        .then((r) => [r.data.permission, r.data.role_name]);
    expect(await ask('mia')).toEqual(['write', 'maintain']);
    expect(await ask('tom')).toEqual(['read', 'triage']);
    expect(await ask('acme')).toEqual(['admin', 'admin']);
    expect(await ask('stranger')).toEqual(['read', 'read']);
  });
});

describe('check runs', () => {
  it('appends annotations across updates and completes on a conclusion', async () => {
    const annotation = (line: number) => ({
      path: 'README.md',
      start_line: line,
      end_line: line,
      annotation_level: 'failure' as const,
      message: `m${line}`,
    });
    const created = await octokit.request('POST /repos/{owner}/{repo}/check-runs', {
      ...repo,
      name: 'plangate',
      head_sha: head,
      status: 'in_progress',
      output: { title: 't', summary: 's', annotations: Array.from({ length: 50 }, (_, i) => annotation(i + 1)) },
    });
    const updated = await octokit.request('PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}', {
      ...repo,
      check_run_id: created.data.id,
      conclusion: 'failure',
      output: { title: 't', summary: 's2', annotations: [annotation(51)] },
    });
    expect(updated.data).toMatchObject({ status: 'completed', conclusion: 'failure', output: { summary: 's2', annotations_count: 51 } });
    const listed = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
      ...repo,
      ref: 'main',
      check_name: 'plangate',
    });
    expect(listed.data.total_count).toBe(1);
    expect(listed.data.check_runs[0]!.id).toBe(created.data.id);
  });

  it('rejects 51 annotations in one request (GitHub caps each request at 50)', async () => {
    const annotations = Array.from({ length: 51 }, () => ({
      path: 'README.md',
      start_line: 1,
      end_line: 1,
      annotation_level: 'notice' as const,
      message: 'm',
    }));
    await expect(
      octokit.request('POST /repos/{owner}/{repo}/check-runs', {
        ...repo,
        name: 'x',
        head_sha: head,
        output: { title: 't', summary: 's', annotations },
      }),
    ).rejects.toMatchObject({ status: 400 });
    expect(fake.validationErrors.flatMap((f) => f.problems)).toEqual(['body.output.annotations: more than 50 items']);
    fake.validationErrors.length = 0;
  });
});

describe('workflow dispatch and runs', () => {
  it('returns run details when asked, records the dispatch, cancels and serves artifacts', async () => {
    const { status, data } = await octokit.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
      ...repo,
      workflow_id: 'ralph.yml',
      ref: 'main',
      inputs: { issue: '7', mode: 'ralph' },
      return_run_details: true,
    });
    expect(status).toBe(200);
    const runId = (data as { workflow_run_id: number }).workflow_run_id;
    expect(fake.repo('acme', 'widgets').dispatches).toMatchObject([
      { workflowPath: '.github/workflows/ralph.yml', ref: 'main', inputs: { issue: '7', mode: 'ralph' }, runId },
    ]);
    const cancel = await octokit.request('POST /repos/{owner}/{repo}/actions/runs/{run_id}/cancel', { ...repo, run_id: runId });
    expect(cancel.status).toBe(202);
    expect((await octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}', { ...repo, run_id: runId })).data).toMatchObject({
      status: 'completed',
      conclusion: 'cancelled',
    });
    await expect(
      octokit.request('POST /repos/{owner}/{repo}/actions/runs/{run_id}/cancel', { ...repo, run_id: runId }),
    ).rejects.toMatchObject({ status: 409 });

    fake.completeRun('acme', 'widgets', runId, {
      conclusion: 'success',
      artifacts: [{ name: 'plangate-ralph-result', files: { 'plangate-ralph-result.json': '{"outcome":"completed"}' } }],
    });
    const artifacts = await octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', { ...repo, run_id: runId });
    const artifact = artifacts.data.artifacts[0]!;
    const zip = await octokit.request('GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}', {
      ...repo,
      artifact_id: artifact.id,
      archive_format: 'zip',
    });
    const bytes = Buffer.from(zip.data as ArrayBuffer);
    expect(bytes.readUInt32LE(0)).toBe(0x04034b50);
    expect(bytes.subarray(30 + 'plangate-ralph-result.json'.length, 30 + 'plangate-ralph-result.json'.length + 23).toString()).toBe(
      '{"outcome":"completed"}',
    );
  });

  it('answers 204 without return_run_details and refuses inputs the workflow does not declare', async () => {
    const ok = await octokit.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
      ...repo,
      workflow_id: 'ralph.yml',
      ref: 'main',
      inputs: { issue: '1' },
    });
    expect(ok.status).toBe(204);
    const unexpected = octokit.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
      ...repo,
      workflow_id: 'ralph.yml',
      ref: 'main',
      inputs: { issue: '1', colour: 'red' },
    });
    await expect(unexpected).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining('Unexpected inputs provided: ["colour"]'),
    });
    const missing = octokit.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
      ...repo,
      workflow_id: 'ralph.yml',
      ref: 'main',
      inputs: {},
    });
    await expect(missing).rejects.toMatchObject({ status: 422, message: expect.stringContaining("Required input 'issue' not provided") });
    await expect(
      octokit.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
        ...repo,
        workflow_id: 'nope.yml',
        ref: 'main',
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('can play an older GitHub that ignores return_run_details', async () => {
    fake.state.returnRunDetails = 'ignored';
    const res = await octokit.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
      ...repo,
      workflow_id: 'ralph.yml',
      ref: 'main',
      inputs: { issue: '1' },
      return_run_details: true,
    });
    expect(res.status).toBe(204);
  });
});

describe('refs, pulls and compare', () => {
  it('creates and fast-forwards refs, refusing a non-fast-forward without force', async () => {
    const feature = fake.commit('acme', 'widgets', 'feature', { 'README.md': 'one\n2\nthree\n' });
    await octokit.request('POST /repos/{owner}/{repo}/git/refs', { ...repo, ref: 'refs/heads/copy', sha: head });
    await octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', { ...repo, ref: 'heads/copy', sha: feature });
    await expect(
      octokit.request('PATCH /repos/{owner}/{repo}/git/refs/{ref}', { ...repo, ref: 'heads/copy', sha: head }),
    ).rejects.toMatchObject({ status: 422 });
    expect((await octokit.request('GET /repos/{owner}/{repo}/git/ref/{ref}', { ...repo, ref: 'heads/copy' })).data.object.sha).toBe(
      feature,
    );
  });

  it('opens a PR and lists its files with patches, paginated', async () => {
    const files: Record<string, string | null> = { 'README.md': 'one\n2\nthree\n' };
    for (let i = 0; i < 120; i++) files[`docs/f${String(i).padStart(3, '0')}.md`] = `file ${i}\n`;
    fake.commit('acme', 'widgets', 'feature', files);
    const pr = await octokit.request('POST /repos/{owner}/{repo}/pulls', { ...repo, head: 'feature', base: 'main', title: 'Feature' });
    expect(pr.data.head.sha).toBe(fake.repo('acme', 'widgets').refs['refs/heads/feature']);
    const page1 = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
      ...repo,
      pull_number: pr.data.number,
      per_page: 100,
    });
    const page2 = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
      ...repo,
      pull_number: pr.data.number,
      per_page: 100,
      page: 2,
    });
    expect(page1.data.length + page2.data.length).toBe(121);
    expect(page1.headers.link).toContain('rel="next"');
    expect(page1.data.find((f) => f.filename === 'README.md')).toMatchObject({
      status: 'modified',
      additions: 1,
      deletions: 1,
      patch: '@@ -1,3 +1,3 @@\n one\n-two\n+2\n three',
    });
    const compare = await octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', { ...repo, basehead: 'main...feature' });
    expect(compare.data).toMatchObject({ status: 'ahead', ahead_by: 1, behind_by: 0 });
    expect(compare.data.files).toHaveLength(121);
  });

  it('lists the files of a PR from a fork (objects shared, refs apart)', async () => {
    fake.fork('acme', 'widgets', 'bob');
    fake.commit('bob', 'widgets', 'patch-1', { 'README.md': 'one\ntwo\nthree\nfour\n' });
    const pr = fake.addPull('acme', 'widgets', { head: 'patch-1', headRepo: 'bob/widgets' });
    const got = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', { ...repo, pull_number: pr.number });
    expect(got.data.head).toMatchObject({
      label: 'bob:patch-1',
      sha: fake.repo('bob', 'widgets').refs['refs/heads/patch-1'],
      repo: { full_name: 'bob/widgets', fork: true },
    });
    const files = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', { ...repo, pull_number: pr.number });
    expect(files.data.map((f) => [f.filename, f.additions])).toEqual([['README.md', 1]]);
    expect(fake.repo('acme', 'widgets').refs['refs/heads/patch-1']).toBeUndefined();
  });

  it('serves contents as JSON, as raw, and 404s a missing path', async () => {
    const json = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', { ...repo, path: 'README.md', ref: head });
    expect(Buffer.from((json.data as { content: string }).content, 'base64').toString()).toBe('one\ntwo\nthree\n');
    const raw = await octokit.request('GET /repos/{owner}/{repo}/contents/{path}', {
      ...repo,
      path: 'README.md',
      mediaType: { format: 'raw' },
    });
    expect(raw.data).toBe('one\ntwo\nthree\n');
    await expect(octokit.request('GET /repos/{owner}/{repo}/contents/{path}', { ...repo, path: 'nope.md' })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('Probot', () => {
  it('authenticates as the installation, loads config, and comments as the App bot', async () => {
    fake.seedRepoFromFiles('acme', 'widgets', { '.github/plangate.yml': 'failScope: changed\n' });
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const probot = new Probot({
      appId: fake.state.app.id,
      privateKey,
      Octokit: ProbotOctokit.defaults({ baseUrl: fake.url, retry: { enabled: false }, throttle: { enabled: false } }),
      logLevel: 'warn',
    });
    const app = await probot.auth(fake.state.app.installationId);
    const config = await app.config.get({ owner: 'acme', repo: 'widgets', path: '.github/plangate.yml' });
    expect(config.config).toEqual({ failScope: 'changed' });
    const issue = fake.addIssue('acme', 'widgets');
    const comment = await app.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      ...repo,
      issue_number: issue.number,
      body: 'gate',
    });
    expect(comment.data.user?.login).toBe('plangate[bot]');
    expect(comment.data.performed_via_github_app?.slug).toBe('plangate');
  });

  it("trips Probot's throttling plugin with a secondary rate limit, which retries after retry-after", async () => {
    const retried: number[] = [];
    const client = new ProbotOctokit({
      baseUrl: fake.url,
      auth: { token: 't' },
      retry: { enabled: false },
      throttle: {
        onSecondaryRateLimit: (retryAfter: number, _options: unknown, _octokit: unknown, retryCount: number) => {
          retried.push(retryAfter);
          return retryCount < 1;
        },
        onRateLimit: () => false,
      },
    });
    fake.failNext({ route: '/repos/{owner}/{repo}', status: 403, headers: { 'retry-after': '1' } });
    const got = await client.request('GET /repos/{owner}/{repo}', repo);
    expect(got.data.full_name).toBe('acme/widgets');
    expect(retried).toEqual([1]);
  });
});
