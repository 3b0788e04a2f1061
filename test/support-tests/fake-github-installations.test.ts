import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../support/fake-github/index.js';

let fake: FakeGitHub;
const JWT = 'Bearer aaa.bbb.ccc';

beforeEach(async () => {
  fake = await FakeGitHub.start();
});
afterEach(() => fake.close());

async function call(method: string, path: string, auth: string): Promise<Response> {
  return fetch(`${fake.url}${path}`, { method, headers: { authorization: auth, accept: 'application/vnd.github+json' } });
}

describe('installations and rate-limit headers (what the App at scale relies on)', () => {
  it('an account with its own installation: its repos name it, its tokens act for it and are counted per installation', async () => {
    fake.seedRepoFromFiles('org-a', 'repo', { 'README.md': 'a\n' });
    fake.seedRepoFromFiles('org-b', 'repo', { 'README.md': 'b\n' });
    const b = fake.addInstallation('org-b');
    expect(fake.installationOf('org-a')).toBe(fake.state.app.installationId);
    expect(fake.installationOf('ORG-B')).toBe(b);
    expect(((await (await call('GET', '/repos/org-b/repo/installation', JWT)).json()) as { id: number }).id).toBe(b);

    const minted = await call('POST', `/app/installations/${b}/access_tokens`, JWT);
    expect(minted.status).toBe(201);
    const { token } = (await minted.json()) as { token: string };
    expect((await call('POST', '/app/installations/999999/access_tokens', JWT)).status).toBe(404);

    const first = await call('GET', '/repos/org-b/repo', `token ${token}`);
    const second = await call('GET', '/repos/org-b/repo', `token ${token}`);
    expect(first.headers.get('x-ratelimit-limit')).toBe('5000');
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1);
    expect(second.headers.get('x-ratelimit-resource')).toBe('core');
    const recorded = fake.requests.filter((r) => r.path === '/repos/org-b/repo');
    expect(recorded.map((r) => r.installationId)).toEqual([b, b]);
    expect(recorded.every((r) => typeof r.at === 'number' && r.at <= Date.now())).toBe(true);
  });
});
