// The App's API budget (quality.md): a first evaluation of a PR through GitHubSnapshot costs
// 1 tree call + ⌈blobs/100⌉ GraphQL calls; a re-evaluation after a one-file change fetches one blob.
// GitHub is the fake API (test/support/fake-github, loaded through tsx), seeded from the M repo.
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';

const OWNER = 'bench';
const REPO = 'repo';

async function setUp(repoDir) {
  const { FakeGitHub } = await tsImport('../../test/support/fake-github/index.ts', import.meta.url);
  const { Octokit } = await import('@octokit/core');
  const { GitHubSnapshot } = await import('../../lib/sources/github/github-snapshot.js');
  const { BlobCache } = await import('../../lib/sources/github/blob-cache.js');
  const { evaluate } = await import('../../lib/core/evaluate.js');
  const fake = await FakeGitHub.start();
  const commitSha = await fake.seedRepoFromDirectory(OWNER, REPO, repoDir);
  const octokit = new Octokit({ baseUrl: fake.url, auth: 'bench' });
  const cache = new BlobCache({ maxBytes: 256 * 1024 * 1024 });
  // What the App does: prefetch every file the checks may read (here: every file), then evaluate.
  const evaluateAt = async (sha) => {
    const snapshot = await GitHubSnapshot.open({
      octokit,
      owner: OWNER,
      repo: REPO,
      commitSha: sha,
      cache,
      prefetch: (entries) => entries.filter((e) => e.mode === 'file' || e.mode === 'executable').map((e) => e.path),
    });
    const result = await evaluate({ snapshot, configFile: '.github/plangate.yml' });
    if (!result.ok) throw new Error('config problems');
    if (fake.validationErrors.length) throw new Error(`fake GitHub rejected requests: ${JSON.stringify(fake.validationErrors[0])}`);
    return { snapshot, report: result.report };
  };
  return { fake, commitSha, evaluateAt };
}

// The snapshot's share of quality.md's "3 + ⌈blobs/100⌉" (the other 2: config, PR files). Blobs over
// GraphQL's text limit (512 KiB in the fake) cost one REST call each on top.
const budgetNote = (fake, blobs) => {
  const c = fake.counts();
  const rest = c.byRoute['GET /repos/{owner}/{repo}/git/blobs/{file_sha}'] ?? 0;
  return `tree ${c.byRoute['GET /repos/{owner}/{repo}/git/trees/{tree_sha}'] ?? 0} + graphql ${c.graphql} + REST blobs ${rest} (over the GraphQL text limit); snapshot budget 1 + ⌈${blobs}/100⌉ = ${1 + Math.ceil(blobs / 100)} + ${rest}`;
};

export const cases = [
  {
    name: 'github first evaluation M',
    size: 'M',
    runs: 1,
    prepare: ({ repo }) => setUp(repo),
    async run(_args, { fake, commitSha, evaluateAt }) {
      const t0 = performance.now();
      const { snapshot, report } = await evaluateAt(commitSha);
      const ms = performance.now() - t0;
      const blobs = new Set(
        snapshot
          .entries()
          .filter((e) => e.mode === 'file' || e.mode === 'executable')
          .map((e) => e.sha),
      ).size;
      const apiRequests = fake.counts().total;
      await fake.close();
      return { ms, files: snapshot.entries().length, bytes: report.scanned.bytes || undefined, apiRequests, note: budgetNote(fake, blobs) };
    },
  },
  {
    name: 'github re-evaluation after one-file change M',
    size: 'M',
    runs: 1,
    prepare: ({ repo }) => setUp(repo),
    async run(_args, { fake, commitSha, evaluateAt }) {
      await evaluateAt(commitSha);
      const changed = fake.commit(OWNER, REPO, fake.repo(OWNER, REPO).defaultBranch, { 'README.md': '# changed by the bench\n' });
      fake.resetRequests();
      const t0 = performance.now();
      const { snapshot } = await evaluateAt(changed);
      const ms = performance.now() - t0;
      const apiRequests = fake.counts().total;
      await fake.close();
      return {
        ms,
        files: snapshot.entries().length,
        apiRequests,
        note: `${budgetNote(fake, 1)} (one changed blob; the rest from the SHA cache)`,
      };
    },
  },
];
