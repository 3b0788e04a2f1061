import { describe, expect, it } from 'vitest';
import type { EndpointOptions, RequestHook } from '../../src/app/github/app-octokit.js';
import { describeFailure } from '../../src/app/runtime/describe-failure.js';
import { KeyedQueue } from '../../src/app/runtime/keyed-queue.js';
import { fixProbotThrottling } from '../../src/app/runtime/fix-probot-throttling.js';
import { installRequestPolicy } from '../../src/app/runtime/request-policy.js';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('KeyedQueue', () => {
  it('runs tasks of one key one at a time, in order, and different keys side by side', async () => {
    const queue = new KeyedQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([queue.run('pr#1', task('a1')), queue.run('pr#2', task('b1')), queue.run('pr#1', task('a2'))]);
    expect(results).toEqual(['a1', 'b1', 'a2']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    await tick();
    expect(queue.size).toBe(0);
  });

  it('a failing task does not stop the ones queued behind it', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('k', async () => {
      throw new Error('boom');
    });
    const next = queue.run('k', async () => 'still runs');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('still runs');
  });
});

/** An Octokit-shaped hook chain around a scripted transport: each call takes the next answer. */
function fakeOctokit(answers: (number | 'ok')[], headers: Record<string, string> = {}) {
  const hooks: RequestHook[] = [];
  const seen: EndpointOptions[] = [];
  const transport = async (options: EndpointOptions) => {
    seen.push(options);
    const answer = answers.shift() ?? 'ok';
    if (answer === 'ok') return { status: 200 };
    throw Object.assign(new Error(answer === 403 ? 'You have exceeded a secondary rate limit' : `status ${answer}`), {
      status: answer,
      response: { headers },
      request: { method: options.method, url: `https://api.github.com${options.url}` },
    });
  };
  const octokit = { hook: { wrap: (_name: 'request', hook: RequestHook) => void hooks.push(hook) } };
  const request = (options: EndpointOptions) =>
    hooks.reduce<(o: EndpointOptions) => Promise<unknown>>((inner, hook) => (o) => hook(inner, o), transport)(options);
  return { octokit, request, seen };
}

describe('request policy', () => {
  const policy = { maxRetries: 2, waitScale: 1, maxWaitSeconds: 60 };

  it('retries a 502 on a GET twice with growing waits, counting every attempt, then gives up naming the attempts', async () => {
    const waits: number[] = [];
    const { octokit, request } = fakeOctokit([502, 502, 502]);
    const stats = installRequestPolicy(octokit, policy, async (ms) => void waits.push(ms));
    const error = await request({ method: 'GET', url: '/repos/o/r/git/trees/abc' }).catch((e: unknown) => e);
    expect(stats).toEqual({ requests: 3, retries: 2 });
    expect(waits).toEqual([1000, 2000]);
    expect(describeFailure(error)).toBe('GitHub API GET /repos/o/r/git/trees/abc answered 502 after 3 attempts: status 502');
  });

  it('honours retry-after on a secondary rate limit, scaled', async () => {
    const waits: number[] = [];
    const { octokit, request } = fakeOctokit([403, 'ok'], { 'retry-after': '7' });
    const stats = installRequestPolicy(octokit, { ...policy, waitScale: 0.5 }, async (ms) => void waits.push(ms));
    await request({ method: 'POST', url: '/repos/o/r/check-runs' });
    expect(waits).toEqual([3500]);
    expect(stats).toEqual({ requests: 2, retries: 1 });
  });

  it('does not replay a POST after a 5xx (GitHub may have applied it), but does replay GraphQL queries', async () => {
    const post = fakeOctokit([502]);
    const postStats = installRequestPolicy(post.octokit, policy, async () => undefined);
    await expect(post.request({ method: 'POST', url: '/repos/o/r/issues/1/comments' })).rejects.toThrow();
    expect(postStats.requests).toBe(1);
    const graphql = fakeOctokit([502, 'ok']);
    const graphqlStats = installRequestPolicy(graphql.octokit, policy, async () => undefined);
    await graphql.request({ method: 'POST', url: '/graphql' });
    expect(graphqlStats.requests).toBe(2);
  });

  it('waits out a primary rate limit until its reset when that is soon, and gives up at once when it is not', async () => {
    const waits: number[] = [];
    const soon = String(Math.floor(Date.now() / 1000) + 5);
    const limited = fakeOctokit([403, 'ok'], { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': soon });
    const stats = installRequestPolicy(limited.octokit, policy, async (ms) => void waits.push(ms));
    await limited.request({ method: 'GET', url: '/repos/o/r' });
    expect(stats).toEqual({ requests: 2, retries: 1 });
    expect(waits[0]).toBeGreaterThanOrEqual(5000);
    expect(waits[0]).toBeLessThanOrEqual(7000);
    const inAnHour = String(Math.floor(Date.now() / 1000) + 3600);
    const spent = fakeOctokit([403], { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': inAnHour });
    const spentStats = installRequestPolicy(spent.octokit, policy, async () => undefined);
    await expect(spent.request({ method: 'GET', url: '/repos/o/r' })).rejects.toMatchObject({ status: 403 });
    expect(spentStats.requests).toBe(1);
  });

  it("leaves rate-limit retries to this policy: the throttling plugin's own retry answers are no, and its limiter is per installation", () => {
    const options = fixProbotThrottling({
      auth: { installationId: 42 },
      throttle: { id: 'no-id', onRateLimit: () => true, onSecondaryRateLimit: () => true },
    });
    const throttle = options.throttle as { id: string; onRateLimit: () => unknown; onSecondaryRateLimit: () => unknown };
    expect(throttle.id).toBe('42');
    expect(throttle.onRateLimit()).toBe(false);
    expect(throttle.onSecondaryRateLimit()).toBe(false);
    expect(fixProbotThrottling({ auth: { installationId: 42 }, throttle: { id: 'app-wide' } }).throttle).toMatchObject({ id: 'app-wide' });
  });

  it('never retries a 404 or a 422, and turns plugin-retry off so only this policy retries', async () => {
    for (const status of [404, 422]) {
      const { octokit, request, seen } = fakeOctokit([status]);
      const stats = installRequestPolicy(octokit, policy, async () => undefined);
      await expect(request({ method: 'GET', url: '/x' })).rejects.toMatchObject({ status });
      expect(stats.requests).toBe(1);
      expect(seen[0]!.request).toMatchObject({ retries: 0 });
    }
  });
});
