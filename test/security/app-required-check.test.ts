import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '../support/app-harness.js';
import { pullRequestEvent } from '../support/app-payloads.js';
import { secondaryRateLimit, type FakeGitHub, type FaultSpec } from '../support/fake-github/index.js';
import { PRD_BODY, SPEC_BODY } from '../support/evaluate-files.js';

/**
 * plangate as a *required* check. GitHub counts `neutral` (and `success`)
 * as passing, so every way an evaluation can fail to finish must end `failure` — never
 * `neutral`, never a run left `in_progress` — and say it could not evaluate, why, and that
 * re-running is safe. Only a GitHub outage with `app.onError: neutral` may pass.
 */
const TREE = '/repos/{owner}/{repo}/git/trees/{tree_sha}';
const PATCH_RUN = '/repos/{owner}/{repo}/check-runs/{check_run_id}';

let h: AppHarness;
let pr: number;
let headSha: string;

afterEach(async () => {
  expect(h.fake.pendingFaults).toBe(0);
  expect(h.fake.validationErrors).toEqual([]);
  await h.close();
});

/** A PR whose plan is complete and changes code: when the App can evaluate it, it passes. */
async function openPassingPr(config?: string): Promise<void> {
  h = await startAppHarness();
  h.fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n', ...(config ? { '.github/plangate.yml': config } : {}) });
  headSha = h.fake.commit('acme', 'widgets', 'feature', {
    '.omx/plans/prd-export.md': PRD_BODY,
    '.omx/plans/test-spec-export.md': SPEC_BODY,
    'src/export.ts': 'export {};\n',
  });
  pr = h.fake.addPull('acme', 'widgets', { head: 'feature', body: 'Plan: .omx/plans/prd-export.md' }).number;
}

const runs = () => h.fake.repo('acme', 'widgets').checkRuns.filter((r) => r.headSha === headSha);
const deliver = (id: string) => h.deliver('pull_request', pullRequestEvent(h.fake, 'acme', 'widgets', pr), id);
/** Every attempt the retry policy makes (1 + 2 retries), for the head's and the base's call. */
const everyAttempt = (fault: FaultSpec, calls = 2): FaultSpec => ({ ...fault, times: 3 * calls });

interface Scenario {
  name: string;
  arrange(fake: FakeGitHub): void;
  /** What the summary names. */
  names: RegExp;
}

const scenarios: Scenario[] = [
  {
    name: 'internal error (GitHub answers a tree listing without a tree)',
    arrange: (fake) => fake.failNext({ method: 'GET', route: TREE, status: 200, body: { sha: 'x', truncated: false }, times: 2 }),
    names: /without a tree/,
  },
  {
    name: 'internal error (GitHub answers a GraphQL blob batch without data)',
    arrange: (fake) => fake.failNext({ method: 'POST', route: '/graphql', status: 200, body: { data: null } }),
    names: /without the repository/,
  },
  {
    name: 'GitHub 500 after retries',
    arrange: (fake) => fake.failNext(everyAttempt({ method: 'GET', route: TREE, status: 500 })),
    names: /answered 500 after 3 attempts/,
  },
  {
    name: 'GitHub 502 after retries (GraphQL)',
    arrange: (fake) => fake.failNext(everyAttempt({ method: 'POST', route: '/graphql', status: 502 }, 1)),
    names: /POST \/graphql answered 502 after 3 attempts/,
  },
  {
    name: '403 secondary rate limit, retries exhausted',
    arrange: (fake) => fake.failNext(everyAttempt({ method: 'GET', route: TREE, ...secondaryRateLimit(1) })),
    names: /answered 403 after 3 attempts: You have exceeded a secondary rate limit/,
  },
  {
    name: '404 (the head branch was deleted)',
    arrange: (fake) => fake.failNext({ method: 'GET', route: TREE, status: 404, times: 2 }),
    names: /answered 404/,
  },
  {
    name: 'network reset on every attempt',
    arrange: (fake) => fake.failNext(everyAttempt({ method: 'POST', route: '/graphql', reset: true }, 1)),
    names: /POST \/graphql/,
  },
  {
    name: 'the check-run write itself fails after retries',
    arrange: (fake) => fake.failNext({ method: 'PATCH', route: PATCH_RUN, status: 502, times: 3 }),
    names: /PATCH .*check-runs\/\d+ answered 502 after 3 attempts/,
  },
];

describe('a required check never passes an evaluation that could not finish', () => {
  beforeEach(async () => {
    await openPassingPr();
  });

  it.each(scenarios)('$name → failure, saying it could not evaluate, why, and that re-running is safe', async ({ arrange, names }) => {
    arrange(h.fake);
    await deliver('fault');
    expect(runs()).toHaveLength(1);
    const run = runs()[0]!;
    expect(run).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(run.output.title).toMatch(/^Could not evaluate: .+; re-running is safe$/);
    expect(run.output.summary).toMatch(names);
    expect(run.output.summary).toMatch(/this check \*\*fails\*\*/);
    expect(h.evaluations.at(-1)!.result).toMatchObject({ kind: 'failed', conclusion: 'failure' });

    // Re-running is safe: once GitHub behaves, the same run turns into the real verdict.
    await deliver('rerun');
    expect(runs()).toHaveLength(1);
    expect(runs()[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
  });

  it('a tree GitHub cuts is read in parts and judged: a real verdict, not a neutral "too large"', async () => {
    h.fake.setTreeEntryLimit('acme', 'widgets', 3);
    await deliver('cut-tree');
    expect(runs()).toMatchObject([{ status: 'completed', conclusion: 'success' }]);
    h.fake.commit('acme', 'widgets', 'feature', { '.omx/plans/test-spec-export.md': null });
    headSha = h.fake.repo('acme', 'widgets').refs['refs/heads/feature']!;
    await deliver('cut-tree-blocked');
    expect(runs()).toMatchObject([{ status: 'completed', conclusion: 'failure' }]);
  });

  it('a config the App cannot use → failure listing its problems (fix it, then re-run)', async () => {
    h.fake.commit('acme', 'widgets', 'main', { '.github/plangate.yml': 'plans:\n  require: sometimes\n' });
    await deliver('bad-config');
    expect(runs()).toMatchObject([{ status: 'completed', conclusion: 'failure' }]);
    expect(runs()[0]!.output.title).toMatch(/^Could not evaluate: the config was rejected/);
    expect(runs()[0]!.output.summary).toContain('.github/plangate.yml:2');
  });

  it('no scenario leaves a run in progress or neutral', async () => {
    for (const [i, { arrange }] of scenarios.entries()) {
      arrange(h.fake);
      await deliver(`all-${i}`);
      expect(runs().map((r) => [r.status, r.conclusion])).toEqual([['completed', 'failure']]);
    }
  });
});

describe('app.onError: neutral — the explicit opt-in to fail open during GitHub outages', () => {
  beforeEach(async () => {
    await openPassingPr('app:\n  onError: neutral\n');
  });

  it('an outage (502 after retries) is neutral, and says the config weakened the check', async () => {
    h.fake.failNext(everyAttempt({ method: 'POST', route: '/graphql', status: 502 }, 1));
    await deliver('outage');
    expect(runs()).toMatchObject([{ status: 'completed', conclusion: 'neutral' }]);
    expect(runs()[0]!.output.summary).toMatch(/app\.onError: neutral/);
  });

  it('an internal error or a 404 still fails: they are not outages', async () => {
    h.fake.failNext({ method: 'POST', route: '/graphql', status: 200, body: { data: null } });
    await deliver('internal');
    expect(runs()).toMatchObject([{ status: 'completed', conclusion: 'failure' }]);
    h.fake.failNext({ method: 'POST', route: '/graphql', status: 404 });
    await deliver('gone');
    expect(runs()).toMatchObject([{ status: 'completed', conclusion: 'failure' }]);
  });

  it('an outage before the config is read fails: the opt-in is not known yet', async () => {
    h.fake.failNext({ method: 'GET', route: '/repos/{owner}/{repo}/contents/{path}', status: 502, times: 3 });
    await deliver('outage-before-config');
    expect(runs()).toMatchObject([{ status: 'completed', conclusion: 'failure' }]);
  });
});
