import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GATE_COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { jobIdOf } from '../../src/app/queue/delivery-job.js';
import { RUN_COMMENT_MARKER } from '../../src/core/ralph/run-comment/render-run-comment.js';
import { issueLabeledEvent, pullRequestEvent } from '../support/app-payloads.js';
import { PRD_BODY } from '../support/evaluate-files.js';
import { FakeGitHub } from '../support/fake-github/index.js';
import { OWNER, PEOPLE, REPO, seedRalphRepo } from '../support/ralph-repo.js';
import { startRedis, type TestRedis } from '../support/redis/start-redis.js';
import { missingService } from '../support/system-services.js';
import { flushRedis } from './support/flush-redis.js';
import { sendDelivery, startScaleApp, waitFor, type ScaleApp } from './support/scale-app.js';

const PRD = '.omx/plans/prd-export.md';
/** Without redis-server these tests skip (the run says how to install it); in CI they fail. */
const withoutRedis = missingService('redis-server');
let redis: TestRedis;
let fake: FakeGitHub;
let apps: ScaleApp[] = [];
let webs: ScaleApp[];

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(() => redis?.stop());

/** Two web replicas and two workers (four jobs each at once) on one Redis, as in production. */
beforeEach(async () => {
  fake = await FakeGitHub.start({ latencyMs: 3 });
  apps = [];
  for (const [role, name] of [['web'], ['web'], ['worker', 'w1'], ['worker', 'w2']] as const) {
    apps.push(await startScaleApp({ fake, role, redisUrl: redis.url, ...(name ? { workerName: name } : {}) }));
  }
  webs = apps.slice(0, 2);
});

afterEach(async () => {
  for (const app of apps) await app.stop();
  expect(fake.validationErrors).toEqual([]);
  await fake.close();
  await flushRedis(redis.url);
});

const repo = () => fake.repo(OWNER, REPO);
const runsFor = (sha: string) => repo().checkRuns.filter((r) => r.headSha === sha && r.name === 'plangate');
const comments = (n: number, marker: string) => repo().comments.filter((c) => c.issueNumber === n && c.body.includes(marker));
const jobLines = () => apps.flatMap((a) => a.logs).filter((l) => typeof l.msg === 'string' && l.msg.startsWith('plangate: job '));
const allDone = (ids: string[]) =>
  waitFor(
    async () => (await Promise.all(ids.map((id) => webs[0]!.producer!.queue.getJobState(jobIdOf(id))))).every((s) => s === 'completed'),
    `jobs ${ids.join(', ')}`,
  );

describe.skipIf(withoutRedis)('exactly once under the queue', () => {
  it('a redelivery while queued and after it ran is answered duplicate; one job, one check run, one comment', async () => {
    fake.seedRepoFromFiles(OWNER, REPO, { 'README.md': '# widgets\n' });
    const headSha = fake.commit(OWNER, REPO, 'feature', { [PRD]: PRD_BODY, 'src/export.ts': 'export const csv = true;\n' });
    const pr = fake.addPull(OWNER, REPO, { head: 'feature', body: `Plan: ${PRD}` }).number;
    const event = pullRequestEvent(fake, OWNER, REPO, pr);
    const answers = await Promise.all([
      sendDelivery(webs[0]!.url, 'pull_request', event, 'same'),
      sendDelivery(webs[1]!.url, 'pull_request', event, 'same'),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 202]);
    await allDone(['same']);
    const later = await sendDelivery(webs[1]!.url, 'pull_request', event, 'same');
    expect(JSON.parse(later.body).outcome).toBe('duplicate');
    expect(jobLines().filter((l) => l.deliveryId === 'same')).toHaveLength(1);
    expect(runsFor(headSha)).toMatchObject([{ status: 'completed' }]);
    expect(comments(pr, GATE_COMMENT_MARKER)).toHaveLength(1);
  });

  it('one PR pushed three times, each delivery sent twice to different replicas: its jobs never overlap, run in the order accepted, and each head SHA gets one check run', async () => {
    fake.seedRepoFromFiles(OWNER, REPO, { 'README.md': '# widgets\n' });
    const shas = [fake.commit(OWNER, REPO, 'feature', { [PRD]: PRD_BODY, 'src/export.ts': 'export const csv = true;\n' })];
    const pr = fake.addPull(OWNER, REPO, { head: 'feature', body: `Plan: ${PRD}` }).number;
    const ids: string[] = [];
    for (let push = 0; push < 3; push++) {
      if (push > 0) shas.push(fake.commit(OWNER, REPO, 'feature', { 'README.md': `# widgets ${push}\n` }));
      const event = pullRequestEvent(fake, OWNER, REPO, pr, { action: push ? 'synchronize' : 'opened' });
      // A duplicate GitHub sent with a new delivery id, to the other replica, at the same moment.
      const [a, b] = [`push-${push}`, `push-${push}-twin`];
      ids.push(a, b);
      await Promise.all([sendDelivery(webs[0]!.url, 'pull_request', event, a), sendDelivery(webs[1]!.url, 'pull_request', event, b)]);
    }
    await allDone(ids);

    const lines = jobLines().filter((l) => ids.includes(l.deliveryId as string));
    expect(lines).toHaveLength(6);
    expect(new Set(lines.map((l) => l.target)).size).toBe(1);
    // Both workers took part, yet no two jobs of the PR overlapped.
    const spans = lines
      .map((l) => ({ id: l.deliveryId as string, start: l.startedAt as number, end: l.finishedAt as number }))
      .sort((x, y) => x.start - y.start);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    // Accepted in push order (each pair in either order), run in that order.
    expect(spans.map((s) => s.id.replace('-twin', ''))).toEqual(['push-0', 'push-0', 'push-1', 'push-1', 'push-2', 'push-2']);
    for (const sha of shas) expect(runsFor(sha)).toMatchObject([{ status: 'completed' }]);
    expect(comments(pr, GATE_COMMENT_MARKER)).toHaveLength(1);
  });

  it('one `ralph` labelling delivered three times (a redelivery and two duplicates) to two replicas at once: one dispatch, one run comment', async () => {
    seedRalphRepo(fake);
    const issue = fake.addIssue(OWNER, REPO, { title: 'Ship the export', body: 'Build the CSV export.', user: PEOPLE.writer }).number;
    fake.label(OWNER, REPO, issue, 'ralph', PEOPLE.writer);
    const event = issueLabeledEvent(fake, OWNER, REPO, issue, 'ralph', PEOPLE.writer);
    await Promise.all([
      sendDelivery(webs[0]!.url, 'issues', event, 'label-1'),
      sendDelivery(webs[1]!.url, 'issues', event, 'label-1'),
      sendDelivery(webs[1]!.url, 'issues', event, 'label-1-dup-a'),
      sendDelivery(webs[0]!.url, 'issues', event, 'label-1-dup-b'),
    ]);
    await allDone(['label-1', 'label-1-dup-a', 'label-1-dup-b']);
    expect(repo().dispatches).toHaveLength(1);
    expect(comments(issue, RUN_COMMENT_MARKER)).toHaveLength(1);
  });
});
