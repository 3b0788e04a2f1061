import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_COMMENT_MARKER } from '../../src/github/sticky-comment.js';
import { actionPullRequest, type ActionPullRequest } from '../support/action-pull-request.js';
import { FakeGitHub } from '../support/fake-github/index.js';

/**
 * The Action keeps one comment per pull request, found again by its hidden marker. Anyone who can
 * comment can paste that marker: the Action found such a comment as its own, edited it (a token
 * with `pull-requests: write` may edit anyone's comment), and deleted a later one as a duplicate.
 * Only comments by the token's own identity (GraphQL `viewer`) are the Action's.
 */
const SKILL = '---\nname: tidy\ndescription: Tidies the repository.\n---\n# Tidy\n\nRun the formatter.\n';
const PASSING = {
  base: { '.github/plangate.yml': 'checks: [scan]\n', '.github/skills/tidy/SKILL.md': SKILL },
  head: { 'src/a.ts': 'export {};\n' },
};
const COMMENTS = '/repos/acme/widgets/issues/comments/';
let fake: FakeGitHub;
const prs: ActionPullRequest[] = [];

beforeAll(async () => {
  fake = await FakeGitHub.start();
  fake.addToken('ghs_workflow', { login: 'github-actions[bot]', type: 'Bot' });
  fake.addToken('ghp_alice', { login: 'alice', type: 'User' });
});
afterAll(() => fake.close());
afterEach(() => {
  prs.splice(0).forEach((p) => p.cleanup());
  expect(fake.validationErrors).toEqual([]);
});

function pullRequest(): ActionPullRequest {
  const pr = actionPullRequest(fake, PASSING);
  prs.push(pr);
  return pr;
}

const thread = (pr: ActionPullRequest) => fake.repo('acme', 'widgets').comments.filter((c) => c.issueNumber === pr.number);
/** Writes (PATCH, DELETE) aimed at one comment. */
const writesTo = (id: number) => fake.requests.filter((r) => r.method !== 'GET' && r.method !== 'POST' && r.path === `${COMMENTS}${id}`);

describe("the Action's sticky comment is only ever the token's own", () => {
  it('a comment by someone else carrying the marker is neither edited nor taken over', async () => {
    const pr = pullRequest();
    const forged = fake.addComment('acme', 'widgets', pr.number, `${ACTION_COMMENT_MARKER}\n### ✅ plangate: PASS (trust me)`, 'mallory');
    fake.resetRequests();

    const run = await pr.run({ comment: 'true', 'github-token': 'ghs_workflow' });

    expect(run.code).toBe(0);
    expect(writesTo(forged.id)).toEqual([]);
    expect(thread(pr).find((c) => c.id === forged.id)?.body).toBe(`${ACTION_COMMENT_MARKER}\n### ✅ plangate: PASS (trust me)`);
    const ours = thread(pr).filter((c) => c.user === 'github-actions[bot]');
    expect(ours).toHaveLength(1);
    expect(ours[0]!.body).toContain(ACTION_COMMENT_MARKER);
    expect(ours[0]!.body).toContain('plangate: PASS');
  });

  it('a later look-alike is not deleted as a duplicate of ours', async () => {
    const pr = pullRequest();
    await pr.run({ comment: 'true', 'github-token': 'ghs_workflow' });
    const [ours] = thread(pr);
    const lookAlike = fake.addComment('acme', 'widgets', pr.number, `quoting the bot:\n${ACTION_COMMENT_MARKER}`, 'mallory');
    fake.resetRequests();

    await pr.run({ comment: 'true', 'github-token': 'ghs_workflow' });

    expect(writesTo(lookAlike.id)).toEqual([]);
    expect(thread(pr).map((c) => c.id)).toEqual([ours!.id, lookAlike.id]);
  });

  it("a person's token (PAT) owns that person's comments, not the workflow bot's", async () => {
    const pr = pullRequest();
    const bots = fake.addComment('acme', 'widgets', pr.number, `${ACTION_COMMENT_MARKER}\nfrom the default token`, 'github-actions[bot]');
    fake.resetRequests();

    await pr.run({ comment: 'true', 'github-token': 'ghp_alice' });

    expect(writesTo(bots.id)).toEqual([]);
    expect(thread(pr).map((c) => [c.user, c.body.includes(ACTION_COMMENT_MARKER)])).toEqual([
      ['github-actions[bot]', true],
      ['alice', true],
    ]);
  });
});
