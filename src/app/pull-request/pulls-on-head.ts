import { parsePlanReference } from '../../core/plans/plan-reference.js';
import type { PullRequestFacts } from '../github/get-pull-request.js';
import type { PullRequestTarget } from './pull-request-target.js';

/** Most open pull requests one head commit is judged for; past it the check fails rather than judge some. */
export const MAX_PULLS_PER_HEAD = 20;

/**
 * The pull requests a head commit's check run answers for: every open pull request whose head it
 * is (as listed now, so a retarget or a new pull request from the same head counts), and the one
 * the event was about when the listing does not show it (just opened, or moved on since: its
 * commit is still judged as the event saw it). Lowest number first; the commit alone when no
 * pull request has it (a re-run of a fork's suite GitHub names no pull request for).
 */
export function pullsOnHead(trigger: PullRequestTarget, listed: readonly PullRequestFacts[]): PullRequestTarget[] {
  const pulls = listed.map((facts) => pullTargetOf(trigger, facts));
  if (trigger.number !== undefined && !pulls.some((p) => p.number === trigger.number)) pulls.push(trigger);
  if (!pulls.length) pulls.push(trigger);
  return pulls.sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
}

/** A listed pull request as a target: the event's repository, commit and trigger, the pull request's own facts. */
export function pullTargetOf(trigger: PullRequestTarget, facts: PullRequestFacts): PullRequestTarget {
  const { labelChange, ...shared } = trigger;
  return {
    ...shared,
    number: facts.number,
    baseSha: facts.base.sha,
    baseRef: facts.base.ref,
    body: facts.body ?? '',
    labels: facts.labels.map((l) => l.name),
    // The label this event added or removed belongs to the event's pull request only.
    ...(labelChange && facts.number === trigger.number ? { labelChange } : {}),
  };
}

/**
 * True when two views of a pull request would be judged alike: the same base branch, labels and
 * `Plan:` line. The base branch's tip is left out: it moves with every merge, and the changed
 * files a verdict reads are those of the base branch the pull request targets.
 */
export function judgedAlike(a: PullRequestTarget, b: PullRequestTarget): boolean {
  const labels = (t: PullRequestTarget) =>
    t.labels
      .map((l) => l.toLowerCase())
      .sort()
      .join('\n');
  return (
    a.number === b.number &&
    a.baseRef === b.baseRef &&
    labels(a) === labels(b) &&
    parsePlanReference(a.body ?? '').plan === parsePlanReference(b.body ?? '').plan
  );
}

/** Which pull request (0: the commit alone). */
export function pullKey(target: PullRequestTarget): number {
  return target.number ?? 0;
}
