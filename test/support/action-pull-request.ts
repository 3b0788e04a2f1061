import type { FakeGitHub } from './fake-github/index.js';
import { CHECK_MODE_INPUTS, runAction, type ActionRun, type ActionRunOptions } from './run-action.js';
import { TempGitRepo } from './temp-git-repo.js';
import { pullRequestPayload } from './webhook-payloads.js';

export interface ActionPullRequest {
  /** The checkout (a full clone at the head, as actions/checkout with `fetch-depth: 0` leaves it). */
  checkout: TempGitRepo;
  baseSha: string;
  headSha: string;
  /** The pull request's number on the fake GitHub (its comment thread). */
  number: number;
  /** `node dist/index.js` on a `pull_request` event for it, with check-mode inputs over the defaults. */
  run(inputs?: Record<string, string>, extra?: Partial<ActionRunOptions>): Promise<ActionRun>;
  cleanup(): void;
}

/**
 * A pull request `acme/widgets` as the Action sees it: `base` and `head` files committed in a
 * local checkout, and the same pull request opened on the fake GitHub, where its comments live.
 */
export function actionPullRequest(
  fake: FakeGitHub,
  files: { base: Record<string, string>; head: Record<string, string> },
): ActionPullRequest {
  if (!fake.state.repos['acme/widgets']) fake.seedRepoFromFiles('acme', 'widgets', { 'README.md': '# widgets\n' });
  const branch = `feature-${Object.keys(fake.repo('acme', 'widgets').issues).length + 1}`;
  fake.commit('acme', 'widgets', branch, { 'a.md': 'x' });
  const number = fake.addPull('acme', 'widgets', { head: branch }).number;
  const checkout = new TempGitRepo();
  checkout.write(files.base);
  const baseSha = checkout.commit('base');
  checkout.write(files.head);
  const headSha = checkout.commit('head');
  return {
    checkout,
    baseSha,
    headSha,
    number,
    run: (inputs = {}, extra = {}) =>
      runAction({
        inputs: { ...CHECK_MODE_INPUTS, ...inputs },
        workspace: checkout.dir,
        eventName: 'pull_request',
        payload: pullRequestPayload({ owner: 'acme', repo: 'widgets', number, baseSha, headSha }),
        repository: 'acme/widgets',
        apiUrl: fake.url,
        ...extra,
      }),
    cleanup: () => checkout.cleanup(),
  };
}
