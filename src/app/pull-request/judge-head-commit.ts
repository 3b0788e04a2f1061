import type { ConfigProblem } from '../../core/config/problems.js';
import type { OctokitRequester } from '../../github/octokit-like.js';
import { listOpenPullRequestsAt, MAX_OPEN_PULL_PAGES } from '../github/list-open-pull-requests.js';
import type { JudgedPull, PullJudgement } from './judge-pull-request.js';
import type { PullRequestTarget } from './pull-request-target.js';
import { judgedAlike, MAX_PULLS_PER_HEAD, pullKey, pullsOnHead } from './pulls-on-head.js';

/** Listings that may find the pull requests changed before the verdict is written. */
const MAX_ROUNDS = 4;

export type HeadJudgement = { ok: true; pulls: JudgedPull[] } | { ok: false; problems: ConfigProblem[] };

/**
 * Judges the head commit for every open pull request whose head it is, so its one check run can
 * hold for all of them. The event's pull request is judged first; then the open pull requests are
 * listed, and any listed one not yet judged with the facts listed (a new pull request from the
 * same head, a new base, labels or `Plan:` line) is judged too. The listing that ends a round
 * found nothing new: it is the last read before the check run is written, so a pull request opened
 * or retargeted while this one was judged is not left out. Fails (throws) rather than judge part:
 * a listing cut short, more pull requests than it judges, or pull requests that keep changing.
 */
export async function judgeHeadCommit(
  octokit: OctokitRequester,
  trigger: PullRequestTarget,
  judge: (pull: PullRequestTarget) => Promise<PullJudgement>,
): Promise<HeadJudgement> {
  const judged = new Map<number, JudgedPull>();
  const judgedAsListed = (pull: PullRequestTarget) => {
    const done = judged.get(pullKey(pull));
    return done !== undefined && judgedAlike(done.pull, pull);
  };
  let wanted: PullRequestTarget[] = [trigger];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    for (const pull of wanted) {
      if (judgedAsListed(pull)) continue;
      const one = await judge(pull);
      if (!one.ok) return one;
      judged.set(pullKey(pull), one.judged);
    }
    const listing = await listOpenPullRequestsAt(octokit, { owner: trigger.owner, repo: trigger.repo, headSha: trigger.headSha });
    if (!listing.complete) {
      throw new Error(
        `the repository has more than ${MAX_OPEN_PULL_PAGES * 100} open pull requests, so which of them have this head commit cannot be known`,
      );
    }
    const onHead = pullsOnHead(trigger, listing.pulls);
    if (onHead.length > MAX_PULLS_PER_HEAD) {
      throw new Error(
        `${onHead.length} open pull requests have this head commit; one check run is judged for at most ${MAX_PULLS_PER_HEAD}`,
      );
    }
    if (onHead.every(judgedAsListed)) return { ok: true, pulls: onHead.map((p) => judged.get(pullKey(p))!) };
    wanted = onHead;
  }
  throw new Error('the pull requests with this head commit kept changing while it was judged');
}
