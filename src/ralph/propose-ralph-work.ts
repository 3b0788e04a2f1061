import type { RalphState } from '../core/ralph/ralph-state.js';
import { renderPrBody } from '../core/ralph/render-pr-body.js';
import { showControlCharacters } from '../core/terminal-safe.js';
import type { LoadedRalphPlan } from './load-ralph-plan.js';
import type { GitConfigPair } from './plangate-git-view.js';
import { publishRalphBranch, type PreparedBranch } from './ralph-branch.js';
import type { RalphLoopResult } from './run-ralph-loop.js';

/** `open-pr`: where the run's work goes and how a pull request is opened (the Action's octokit). */
export interface RalphPublishOptions {
  issue?: number;
  /** Asked once, before the loop. */
  defaultBranch: () => Promise<string>;
  /** For an https push when the checkout persisted no credential (`persist-credentials: false`). */
  token?: string;
  serverUrl: string;
  /** `https://github.com/<owner>/<repo>/blob/<default branch>/`, for links to the plan. */
  blobUrl?: string;
  runUrl?: string;
  /** Opens (or finds) the pull request; returns its URL. */
  openPullRequest(pr: { head: string; base: string; title: string; body: string; draft: boolean }): Promise<string>;
}

/** A pull request is worth opening when the run made progress it did not have to distrust. */
function worthProposing(state: RalphState): boolean {
  const trusted = state.outcome === 'completed' || state.outcome === 'blocked' || state.outcome === 'exhausted';
  return trusted && state.stories.some((s) => s.passes);
}

/**
 * After the loop: commit and push the run's verified work on its branch and open a pull request
 * into the default branch (a draft unless completed). Returns its URL; a failure is reported and
 * leaves the run's outcome as it is.
 */
export async function proposeRalphWork(
  input: RalphPublishOptions & {
    prepared: PreparedBranch;
    plan: LoadedRalphPlan;
    loop: RalphLoopResult;
    credentials: readonly GitConfigPair[];
    reporter: { info(line: string): void; warn(line: string): void };
  },
): Promise<string | undefined> {
  const { state } = input.loop;
  const { reporter, prepared } = input;
  if (!worthProposing(state)) {
    reporter.info(
      `plangate ralph: no pull request (outcome ${state.outcome} with ${state.stories.filter((s) => s.passes).length} passing stories)`,
    );
    return undefined;
  }
  try {
    const tampered = input.loop.store.findTampering();
    if (tampered.length) throw new Error(`the run state changed after the run ended (${tampered.join(', ')})`);
    if (!input.loop.baseline) throw new Error('the run has no record of what was dirty before it');
    const passing = state.stories.filter((s) => s.passes).map((s) => s.id);
    const title = `ralph: ${input.plan.slug}${input.issue ? ` (#${input.issue})` : ''}`;
    const pushed = await publishRalphBranch({
      prepared,
      baseline: input.loop.baseline,
      credentials: input.credentials.length ? input.credentials : tokenHeader(input.serverUrl, input.token),
      message: `${title}\n\nStories passing: ${passing.join(', ') || 'none'}\nOutcome: ${state.outcome} (${state.iterations}/${state.maxIterations} iterations, run ${state.runId})\n`,
    });
    if (!pushed.headSha) {
      reporter.info('plangate ralph: the run changed no file; no pull request.');
      return undefined;
    }
    reporter.info(
      showControlCharacters(
        `plangate ralph: pushed ${prepared.branch} at ${pushed.headSha.slice(0, 12)} (${pushed.committedPaths.length} path(s))`,
      ),
    );
    const url = await input.openPullRequest({
      head: prepared.branch,
      base: prepared.defaultBranch,
      title,
      draft: state.outcome !== 'completed',
      body: renderPrBody({ state, issue: input.issue, blobUrl: input.blobUrl, testSpec: input.plan.testSpecPath, runUrl: input.runUrl }),
    });
    reporter.info(showControlCharacters(`plangate ralph: pull request: ${url}`));
    return url;
  } catch (error) {
    reporter.warn(
      showControlCharacters(`plangate ralph: no pull request was opened: ${error instanceof Error ? error.message : String(error)}`),
    );
    return undefined;
  }
}

/** The header actions/checkout would persist, for the token the Action was given. */
function tokenHeader(serverUrl: string, token: string | undefined): GitConfigPair[] {
  if (!token) return [];
  const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
  return [{ key: `http.${new URL(serverUrl).origin}/.extraheader`, value: `AUTHORIZATION: basic ${basic}` }];
}
