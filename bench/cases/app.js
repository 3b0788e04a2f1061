// The App's API budget (quality.md) through the whole App: a real Probot instance running the built
// App (lib/app) against the fake GitHub API, a signed pull_request delivery for an M-size repo PR.
// Budget: ≤ 3 + ⌈blobs/100⌉ requests before the writes; 0 blob requests for an unchanged tree;
// writes: 1 check-run create + ⌈annotations/50⌉ updates + ≤ 2 comment calls; lookups: the check run, the
// open pull requests (⌈open/100⌉ pages, to find every one with this head) and the comments. GraphQL "objects" are the
// blobs of each batch plus, on a new head commit with a tasks check, the commit-time field riding along.
import { performance } from 'node:perf_hooks';
import { tsImport } from 'tsx/esm/api';

const OWNER = 'bench';
const REPO = 'repo';
const ROUTES = {
  config: 'GET /repos/{owner}/{repo}/contents/{path}',
  tree: 'GET /repos/{owner}/{repo}/git/trees/{tree_sha}',
  graphql: 'POST /graphql',
  restBlob: 'GET /repos/{owner}/{repo}/git/blobs/{file_sha}',
  compare: 'GET /repos/{owner}/{repo}/compare/{base}...{head}',
  prFiles: 'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
  findRun: 'GET /repos/{owner}/{repo}/commits/{ref}/check-runs',
  listPulls: 'GET /repos/{owner}/{repo}/pulls',
  createRun: 'POST /repos/{owner}/{repo}/check-runs',
  updateRun: 'PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}',
  listComments: 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments',
  token: 'POST /app/installations/{installation_id}/access_tokens',
  app: 'GET /app',
};
const COMMENT_WRITES = [
  'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
  'PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}',
  'DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}',
];

async function setUp(repoDir) {
  const { startAppHarness } = await tsImport('../../test/support/app-harness.ts', import.meta.url);
  const { pullRequestEvent } = await tsImport('../../test/support/app-payloads.ts', import.meta.url);
  const { readDirectoryFiles } = await tsImport('../../test/support/fake-github/state/seed.ts', import.meta.url);
  const { createPlangateApp } = await import('../../lib/app/index.js');
  const h = await startAppHarness({ app: createPlangateApp });
  h.fake.seedRepoFromFiles(OWNER, REPO, { 'README.md': '# bench\n' });
  const files = await readDirectoryFiles(repoDir);
  h.fake.commit(OWNER, REPO, 'feature', files);
  const fileCount = Object.keys(files).length;
  const pr = h.fake.addPull(OWNER, REPO, { head: 'feature' }).number;
  const deliver = async (action) => {
    h.fake.resetRequests();
    const t0 = performance.now();
    await h.deliver('pull_request', pullRequestEvent(h.fake, OWNER, REPO, pr, { action }));
    const ms = performance.now() - t0;
    if (h.fake.validationErrors.length) throw new Error(`fake GitHub rejected requests: ${JSON.stringify(h.fake.validationErrors[0])}`);
    const last = h.evaluations.at(-1).result;
    if (last.kind !== 'evaluated') throw new Error(`the App did not evaluate: ${JSON.stringify(last)}`);
    return { ms, result: last };
  };
  return { h, pr, deliver, fileCount };
}

function tally(fake, result) {
  const c = fake.counts().byRoute;
  const n = (route) => c[route] ?? 0;
  const blobs = fake.requests.filter((r) => r.route === ROUTES.graphql).reduce((sum, r) => sum + (r.objectFields ?? 0), 0);
  const changes = n(ROUTES.compare) + n(ROUTES.prFiles);
  const reads = n(ROUTES.config) + n(ROUTES.tree) + n(ROUTES.graphql) + n(ROUTES.restBlob) + changes;
  const annotations = result.report.findings.filter((f) => f.file).length;
  const commentWrites = COMMENT_WRITES.reduce((sum, route) => sum + n(route), 0);
  const parts = [
    `reads ${reads} (config ${n(ROUTES.config)} + trees ${n(ROUTES.tree)} + graphql ${n(ROUTES.graphql)} for ${blobs} objects + REST blobs ${n(ROUTES.restBlob)} + changed paths ${changes}) vs budget 3 + ⌈${blobs}/100⌉ = ${3 + Math.ceil(blobs / 100)}`,
    `writes: check-run create ${n(ROUTES.createRun)} + updates ${n(ROUTES.updateRun)} (⌈${annotations} annotations/50⌉ = ${Math.ceil(annotations / 50)}) + comment writes ${commentWrites} (≤ 2)`,
    `lookups: check run ${n(ROUTES.findRun)} + open pull requests on the head ${n(ROUTES.listPulls)} + comment list ${n(ROUTES.listComments)}`,
    `auth: token ${n(ROUTES.token)} + GET /app ${n(ROUTES.app)}`,
  ];
  return { apiRequests: fake.counts().total, blobs, note: parts.join('; ') };
}

export const cases = [
  {
    name: 'app first evaluation M',
    size: 'M',
    runs: 1,
    prepare: ({ repo }) => setUp(repo),
    async run(_args, { h, deliver, fileCount }) {
      const { ms, result } = await deliver('opened');
      const t = tally(h.fake, result);
      await h.close();
      return { ms, files: fileCount, apiRequests: t.apiRequests, note: `gate ${result.report.gate}, ${result.conclusion}; ${t.note}` };
    },
  },
  {
    name: 'app re-evaluation after one-file change M',
    size: 'M',
    runs: 1,
    prepare: ({ repo }) => setUp(repo),
    async run(_args, { h, deliver, fileCount }) {
      await deliver('opened');
      const skill = '.github/skills/skill-00001/SKILL.md';
      h.fake.commit(OWNER, REPO, 'feature', { [skill]: '---\nname: skill-00001\ndescription: Changed by the bench.\n---\n\nBody.\n' });
      const { ms, result } = await deliver('synchronize');
      const t = tally(h.fake, result);
      await h.close();
      return { ms, files: fileCount, apiRequests: t.apiRequests, note: `one changed blob (the rest from the SHA cache); ${t.note}` };
    },
  },
  {
    name: 'app re-evaluation of an unchanged tree M',
    size: 'M',
    runs: 1,
    prepare: ({ repo }) => setUp(repo),
    async run(_args, { h, deliver, fileCount }) {
      await deliver('opened');
      const { ms, result } = await deliver('reopened');
      const t = tally(h.fake, result);
      await h.close();
      return { ms, files: fileCount, apiRequests: t.apiRequests, note: `same head SHA: ${t.blobs} blob requests expected 0; ${t.note}` };
    },
  },
];
