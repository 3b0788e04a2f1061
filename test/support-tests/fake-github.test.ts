import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Octokit } from '@octokit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub, secondaryRateLimit } from '../support/fake-github/index.js';
import { TempGitRepo } from '../support/temp-git-repo.js';

let fake: FakeGitHub;
let octokit: Octokit;
let head: string;
const repo = { owner: 'acme', repo: 'widgets' };

beforeEach(async () => {
  fake = await FakeGitHub.start();
  octokit = new Octokit({ baseUrl: fake.url, auth: 'test-token' });
  head = fake.seedRepoFromFiles('acme', 'widgets', {
    'README.md': '# widgets\n',
    'docs/big.md': 'x'.repeat(5000),
    'bin/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]),
    'docs/a "quoted" path.md': 'quoted\n',
  });
});

afterEach(async () => {
  await fake.close();
});

interface RequestErrorLike {
  status: number;
  message: string;
  response: { headers: Record<string, string>; data: { message: string } };
}

/** The error of a request that is expected to fail. */
async function errorOf(promise: Promise<unknown>): Promise<RequestErrorLike> {
  try {
    await promise;
  } catch (error) {
    return error as RequestErrorLike;
  }
  throw new Error('expected the request to fail');
}

/** Status of a request that may fail. */
async function statusOf(promise: Promise<unknown>): Promise<number | string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return (error as { status?: number }).status ?? String(error);
  }
}

describe('REST validation against the OpenAPI description', () => {
  it('answers a valid request and records no validation failure', async () => {
    const { data } = await octokit.request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', { ...repo, tree_sha: head, recursive: '1' });
    expect(data.truncated).toBe(false);
    expect(data.tree.map((e) => e.path)).toContain('docs/big.md');
    expect(fake.validationErrors).toEqual([]);
  });

  it('rejects a typo in the route with 404 and records it', async () => {
    expect(await statusOf(octokit.request('GET /repos/{owner}/{repo}/git/treez/{sha}', { ...repo, sha: head }))).toBe(404);
    expect(fake.validationErrors).toMatchObject([{ kind: 'unknown-route', method: 'GET' }]);
  });

  it('rejects a method the route does not have', async () => {
    expect(await statusOf(octokit.request('DELETE /repos/{owner}/{repo}/pulls/{pull_number}/files', { ...repo, pull_number: 1 }))).toBe(
      404,
    );
    expect(fake.validationErrors).toMatchObject([{ kind: 'unknown-method' }]);
  });

  it('rejects an unknown body parameter and a missing required one', async () => {
    const typo = octokit.request('POST /repos/{owner}/{repo}/check-runs', {
      ...repo,
      name: 'plangate',
      head_sha: head,
      colour: 'red',
    } as never);
    expect(await statusOf(typo)).toBe(400);
    const missing = octokit.request('POST /repos/{owner}/{repo}/check-runs', { ...repo, name: 'plangate' } as never);
    expect(await statusOf(missing)).toBe(400);
    expect(fake.validationErrors.map((f) => f.problems)).toEqual([
      ['body.colour: not a parameter of this operation'],
      ['body.head_sha: required'],
    ]);
  });

  it('checks enums and nested shapes (a misspelled conclusion, an annotation without a path)', async () => {
    const run = octokit.request('POST /repos/{owner}/{repo}/check-runs', {
      ...repo,
      name: 'x',
      head_sha: head,
      conclusion: 'sucess',
    } as never);
    expect(await statusOf(run)).toBe(400);
    const annotation = { start_line: 1, end_line: 1, annotation_level: 'warning', message: 'm' };
    const output = octokit.request('POST /repos/{owner}/{repo}/check-runs', {
      ...repo,
      name: 'x',
      head_sha: head,
      output: { title: 't', summary: 's', annotations: [annotation] },
    } as never);
    expect(await statusOf(output)).toBe(400);
    expect(fake.validationErrors.flatMap((f) => f.problems)).toEqual([
      expect.stringContaining('body.conclusion: "sucess" is not one of'),
      'body.output.annotations[0].path: required',
    ]);
  });

  it('rejects an unknown query parameter and a non-integer path parameter', async () => {
    expect(
      await statusOf(
        octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', { ...repo, pull_number: 1, per_pag: 100 } as never),
      ),
    ).toBe(400);
    expect(
      await statusOf(
        octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: 'one' } as never),
      ),
    ).toBe(400);
    expect(fake.validationErrors.flatMap((f) => f.problems)).toEqual([
      expect.stringContaining('query parameter per_pag'),
      expect.stringContaining('path parameter issue_number: expected an integer'),
    ]);
  });

  it('answers 501 and records operations GitHub has but the fake does not implement yet', async () => {
    expect(await statusOf(octokit.request('GET /repos/{owner}/{repo}/releases', repo))).toBe(501);
    expect(fake.validationErrors).toMatchObject([{ kind: 'not-implemented', route: 'GET /repos/{owner}/{repo}/releases' }]);
  });

  it('answers 404 for a repository that does not exist, without a validation failure', async () => {
    expect(await statusOf(octokit.request('GET /repos/{owner}/{repo}', { owner: 'acme', repo: 'nope' }))).toBe(404);
    expect(fake.validationErrors).toEqual([]);
  });
});

describe('GraphQL', () => {
  const blobQuery = `query($owner: String!, $name: String!, $a: String!, $b: String!, $c: String!, $d: String!) {
    repository(owner: $owner, name: $name) {
      a: object(expression: $a) { ... on Blob { text isTruncated byteSize oid isBinary } }
      b: object(expression: $b) { ... on Blob { text isBinary } }
      c: object(expression: $c) { ... on Blob { byteSize } }
      d: object(expression: $d) { ... on Blob { text } }
    }
  }`;

  it('answers aliased blob batches with exactly the fields asked', async () => {
    const data = await octokit.graphql(blobQuery, {
      owner: 'acme',
      name: 'widgets',
      a: `${head}:README.md`,
      b: `${head}:bin/logo.png`,
      c: `${head}:docs/a "quoted" path.md`,
      d: `${head}:no/such/file`,
    });
    expect(data).toEqual({
      repository: {
        a: { text: '# widgets\n', isTruncated: false, byteSize: 10, oid: expect.stringMatching(/^[0-9a-f]{40}$/), isBinary: false },
        b: { text: null, isBinary: true },
        c: { byteSize: 7 },
        d: null,
      },
    });
    expect(fake.requests.at(-1)).toMatchObject({ route: 'POST /graphql', objectFields: 4, status: 200 });
    expect(fake.validationErrors).toEqual([]);
  });

  it('cuts text beyond the configured limit and flags isTruncated', async () => {
    fake.state.graphqlTextLimit = 1000;
    const data = (await octokit.graphql(
      'query($e: String!) { repository(owner: "acme", name: "widgets") { big: object(expression: $e) { ... on Blob { text isTruncated byteSize } } } }',
      { e: `${head}:docs/big.md` },
    )) as {
      repository: { big: { text: string; isTruncated: boolean; byteSize: number } };
    };
    expect(data.repository.big).toEqual({ text: 'x'.repeat(1000), isTruncated: true, byteSize: 5000 });
  });

  it('rejects a query with a field GitHub does not have and records it', async () => {
    const query = `query { repository(owner: "acme", name: "widgets") { object(expression: "HEAD:README.md") { ... on Blob { txt } } } }`;
    await expect(octokit.graphql(query)).rejects.toThrow(/Cannot query field "txt" on type "Blob"/);
    expect(fake.validationErrors).toMatchObject([{ kind: 'graphql', problems: [expect.stringContaining('txt')] }]);
  });

  it("answers GitHub's NOT_FOUND for an unknown repository without recording a failure", async () => {
    await expect(octokit.graphql('query { repository(owner: "acme", name: "nope") { name } }')).rejects.toThrow(
      /Could not resolve to a Repository/,
    );
    expect(fake.validationErrors).toEqual([]);
  });

  it('answers a commit by oid and a ref expression', async () => {
    const data = await octokit.graphql(
      `query($oid: GitObjectID!) { repository(owner: "acme", name: "widgets") { c: object(oid: $oid) { ... on Commit { committedDate oid } } m: object(expression: "main") { oid } } }`,
      { oid: head },
    );
    expect(data).toEqual({
      repository: { c: { committedDate: fake.repo('acme', 'widgets').commits[head]!.committer.date, oid: head }, m: { oid: head } },
    });
  });
});

describe('fault injection', () => {
  it('fails the next matching request, then clears', async () => {
    fake.failNext({ route: '/repos/{owner}/{repo}', status: 502 });
    expect(await statusOf(octokit.request('GET /repos/{owner}/{repo}', repo))).toBe(502);
    expect(fake.pendingFaults).toBe(0);
    expect(await statusOf(octokit.request('GET /repos/{owner}/{repo}', repo))).toBe('ok');
  });

  it('matches by method and route, and honours times', async () => {
    fake.failNext({ method: 'POST', route: '/graphql', status: 500, times: 2 });
    expect(await statusOf(octokit.request('GET /repos/{owner}/{repo}', repo))).toBe('ok');
    const query = 'query { repository(owner: "acme", name: "widgets") { name } }';
    expect(await statusOf(octokit.graphql(query))).toBe(500);
    expect(await statusOf(octokit.graphql(query))).toBe(500);
    expect(await statusOf(octokit.graphql(query))).toBe('ok');
  });

  it('sends a secondary rate limit as GitHub does: 403 with retry-after', async () => {
    fake.failNext({ route: '/repos/{owner}/{repo}', ...secondaryRateLimit(7) });
    const error = await errorOf(octokit.request('GET /repos/{owner}/{repo}', repo));
    expect(error.status).toBe(403);
    expect(error.response.headers['retry-after']).toBe('7');
    expect(error.response.data.message).toMatch(/secondary rate limit/);
  });

  it('resets the connection mid-batch', async () => {
    fake.failNext({ route: '/repos/{owner}/{repo}/git/blobs/{file_sha}', reset: true });
    const sha = fake.repo('acme', 'widgets').commits[head]!.tree;
    const results = await Promise.allSettled([
      octokit.request('GET /repos/{owner}/{repo}', repo),
      octokit.request('GET /repos/{owner}/{repo}/git/blobs/{file_sha}', { ...repo, file_sha: blobSha('README.md') }),
      octokit.request('GET /repos/{owner}/{repo}/git/trees/{tree_sha}', { ...repo, tree_sha: sha }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(fake.requests.map((r) => r.status)).toContain('reset');
  });
});

function blobSha(path: string): string {
  const state = fake.repo('acme', 'widgets');
  return state.trees[state.commits[head]!.tree]!.find((i) => i.name === path)!.sha;
}

describe('tokens and counting', () => {
  it('refuses writes with a read-only token, like a fork PR GITHUB_TOKEN', async () => {
    fake.setTokenReadOnly('fork-token');
    fake.addIssue('acme', 'widgets', { title: 'x' });
    const forkClient = new Octokit({ baseUrl: fake.url, auth: 'fork-token' });
    const error = await errorOf(
      forkClient.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: 1, body: 'hi' }),
    );
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/Resource not accessible by integration/);
    expect(
      await statusOf(forkClient.request('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', { ...repo, issue_number: 1 })),
    ).toBe('ok');
    expect(fake.repo('acme', 'widgets').comments).toEqual([]);
  });

  it('counts requests per route, REST and GraphQL apart', async () => {
    await octokit.request('GET /repos/{owner}/{repo}', repo);
    await octokit.request('GET /repos/{owner}/{repo}', repo);
    await octokit.graphql('query { repository(owner: "acme", name: "widgets") { name } }');
    expect(fake.counts()).toEqual({ total: 3, rest: 2, graphql: 1, byRoute: { 'GET /repos/{owner}/{repo}': 2, 'POST /graphql': 1 } });
    fake.resetRequests();
    expect(fake.counts().total).toBe(0);
  });
});

describe('git mirrors', () => {
  const answered = (path: string) =>
    octokit.request(`GET ${path}`, { request: { signal: AbortSignal.timeout(10_000) } }).then((r) => r.data as { commit: { sha: string } });

  it('keeps serving what it imported after a test removed the directory, instead of leaving the request unanswered', async () => {
    const origin = new TempGitRepo('plangate-mirror-');
    origin.write({ 'a.txt': 'a\n' });
    const sha = origin.commit('one');
    fake.mirrorGitRepository('acme', 'mirrored', origin.dir);
    expect((await answered('/repos/acme/mirrored/branches/main')).commit.sha).toBe(sha);

    origin.cleanup();
    expect(existsSync(origin.dir)).toBe(false);
    expect((await answered('/repos/acme/mirrored/branches/main')).commit.sha).toBe(sha);
    expect(fake.validationErrors).toEqual([]);
  });

  it('answers 500 and records a fake-error when a mirror cannot be read, instead of hanging', async () => {
    const origin = new TempGitRepo('plangate-mirror-');
    try {
      origin.write({ 'a.txt': 'a\n' });
      origin.commit('one');
      fake.mirrorGitRepository('acme', 'broken', origin.dir);
      // The directory is still there, but no repository any more.
      rmSync(join(origin.dir, '.git'), { recursive: true, force: true });
      const error = await errorOf(answered('/repos/acme/broken/branches/main'));
      expect(error.status).toBe(500);
      expect(fake.validationErrors.map((e) => [e.kind, e.path])).toEqual([['fake-error', '/repos/acme/broken/branches/main']]);
    } finally {
      origin.cleanup();
    }
  });
});
