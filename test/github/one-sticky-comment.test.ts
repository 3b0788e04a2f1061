import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_COMMENT_MARKER, GATE_COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { actionPullRequest } from '../support/action-pull-request.js';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import { PRD_BODY } from '../support/evaluate-files.js';
import type { CommentState, FakeGitHub } from '../support/fake-github/index.js';

/**
 * The Action and the App keep their gate comment through one module (src/github/sticky-comment.ts):
 * on the same thread — a look-alike by someone else first, then two of the writer's own comments
 * that a race left — both entry points end the same way: the look-alike untouched, the writer's
 * oldest comment holding the new report, its duplicate deleted, nothing else written.
 */
let h: AppHarness;
let fake: FakeGitHub;

beforeAll(async () => {
  h = await startAppHarness();
  fake = h.fake;
  fake.addToken('ghs_workflow', { login: 'github-actions[bot]', type: 'Bot' });
});
afterAll(async () => {
  expect(fake.validationErrors).toEqual([]);
  await h.close();
});

/** The thread before the run: a look-alike by mallory, then two comments by `writer`, all with `marker`. */
function seedThread(repo: string, number: number, marker: string, writer: string): CommentState[] {
  return [
    fake.addComment('acme', repo, number, `${marker}\nlooks like the gate, written by mallory`, 'mallory'),
    fake.addComment('acme', repo, number, `${marker}\nan older report`, writer),
    fake.addComment('acme', repo, number, `${marker}\na duplicate from a race`, writer),
  ];
}

/** What the run did to the seeded thread (and which comments it edited or deleted), in words both adapters can be compared by. */
function outcome(repo: string, number: number, [foreign, oldest, duplicate]: CommentState[]) {
  const after = fake.repo('acme', repo).comments.filter((c) => c.issueNumber === number);
  const writes = fake.requests
    .filter((r) => (r.method === 'PATCH' || r.method === 'DELETE') && r.path.includes('/issues/comments/'))
    .map((r) => `${r.method} ${r.path.replace(/^.*\//, '#')}`);
  const byId = (id: number) => after.find((c) => c.id === id);
  return {
    foreign: byId(foreign!.id)?.body === foreign!.body ? 'untouched' : 'changed',
    oldest: byId(oldest!.id)?.body.includes('plangate:') ? 'holds the new report' : 'stale',
    duplicate: byId(duplicate!.id) ? 'kept' : 'deleted',
    comments: after.length,
    writes: writes.map((w) => w.replace(String(oldest!.id), 'oldest').replace(String(duplicate!.id), 'duplicate')).sort(),
  };
}

const EXPECTED = {
  foreign: 'untouched',
  oldest: 'holds the new report',
  duplicate: 'deleted',
  comments: 2,
  writes: ['DELETE #duplicate', 'PATCH #oldest'],
};

describe('one sticky comment implementation behind both adapters', () => {
  it('the Action (node dist/index.js)', async () => {
    const pr = actionPullRequest(fake, {
      base: { '.github/plangate.yml': 'presets: [omx]\nplans:\n  require: always\n' },
      head: { '.omx/plans/prd-20260427T153100Z-alpha.md': PRD_BODY },
    });
    try {
      const seeded = seedThread('widgets', pr.number, ACTION_COMMENT_MARKER, 'github-actions[bot]');
      fake.resetRequests();
      const run = await pr.run({ comment: 'true', 'github-token': 'ghs_workflow' });
      expect(run.code).toBe(1);
      expect(outcome('widgets', pr.number, seeded)).toEqual(EXPECTED);
    } finally {
      pr.cleanup();
    }
  });

  it('the App (a pull_request delivery to Probot)', async () => {
    fake.seedRepoFromFiles('acme', 'gizmos', { 'README.md': '# gizmos\n' });
    fake.commit('acme', 'gizmos', 'feature', { '.omx/plans/prd-export.md': PRD_BODY, 'src/export.ts': 'export {};\n' });
    const number = fake.addPull('acme', 'gizmos', { head: 'feature', body: 'Plan: .omx/plans/prd-export.md' }).number;
    const seeded = seedThread('gizmos', number, GATE_COMMENT_MARKER, 'plangate[bot]');
    fake.resetRequests();
    await h.deliver('pull_request', pullRequestEvent(fake, 'acme', 'gizmos', number));
    expect(h.evaluations.at(-1)?.result.kind).toBe('evaluated');
    expect(outcome('gizmos', number, seeded)).toEqual(EXPECTED);
  });
});
