import type { PullRequestTarget } from './pull-request-target.js';

/** An exempt labeling an approver made, and the label event it was (`id`, or its time). */
export interface ExemptLabeling {
  name: string;
  by: string;
  eventKey: string;
}

/** An exempt labeling honoured for one pull request on one head commit. */
export interface Waiver {
  pr: number;
  /** Lower case: GitHub's label names are case-insensitive. */
  label: string;
  event: string;
}

const MARKER_START = '<!-- plangate:waivers ';
const MARKER_END = ' -->';
const MAX_WAIVERS = 100;

/**
 * Which exempt labelings count for this pull request's head commit. A waiver is given for the
 * commit that was the head when the label was added, never for a later push:
 * - the labeling is recorded on this commit's check run (an earlier evaluation honoured it here);
 * - or this delivery is that labeling (`pull_request.labeled` by the label event's actor: the
 *   payload's head is the commit it was added for);
 * - or this delivery opened the pull request with the label on it.
 * Anything else — a label left on from before a push, or whose delivery the App never saw — does
 * not count until it is added again.
 */
export function bindWaivers(
  pull: PullRequestTarget,
  trigger: PullRequestTarget,
  labelings: readonly ExemptLabeling[],
  recorded: readonly Waiver[],
): { bound: ExemptLabeling[]; stale: ExemptLabeling[] } {
  const bound: ExemptLabeling[] = [];
  const stale: ExemptLabeling[] = [];
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const isTrigger = pull.number !== undefined && pull.number === trigger.number;
  for (const l of labelings) {
    const onRecord = recorded.some((w) => w.pr === pull.number && w.label === l.name.toLowerCase() && w.event === l.eventKey);
    const change = trigger.labelChange;
    const thisLabeling = isTrigger && change?.action === 'labeled' && same(change.name, l.name) && same(change.by ?? '', l.by);
    const openedWith = isTrigger && trigger.trigger.action === 'opened' && trigger.labels.some((name) => same(name, l.name));
    (onRecord || thisLabeling || openedWith ? bound : stale).push(l);
  }
  return { bound, stale };
}

/** True when a summary already starts with a waivers record (of its own). */
export function hasWaiversMarker(summary: string): boolean {
  return summary.startsWith(MARKER_START);
}

/** The waivers recorded at the top of a check run summary this App wrote (none when absent or unreadable). */
export function readWaivers(summary: string | null | undefined): Waiver[] {
  if (!summary?.startsWith(MARKER_START)) return [];
  const end = summary.indexOf(MARKER_END, MARKER_START.length);
  if (end < 0) return [];
  try {
    const rows = JSON.parse(summary.slice(MARKER_START.length, end)) as unknown;
    if (!Array.isArray(rows)) return [];
    return rows
      .filter(
        (r): r is [number, string, string] =>
          Array.isArray(r) &&
          r.length === 3 &&
          Number.isSafeInteger(r[0]) &&
          (r[0] as number) > 0 &&
          typeof r[1] === 'string' &&
          typeof r[2] === 'string',
      )
      .slice(0, MAX_WAIVERS)
      .map(([pr, label, event]) => ({ pr, label, event }));
  } catch {
    return [];
  }
}

/**
 * The hidden line that records waivers at the top of the check run summary (only this App can
 * write its check runs, so only it can record one). Empty when there are none. `<`, `>` and `-`
 * are escaped so a label name cannot close the HTML comment.
 */
export function waiversMarker(waivers: readonly Waiver[]): string {
  if (!waivers.length) return '';
  const json = JSON.stringify(waivers.slice(0, MAX_WAIVERS).map((w) => [w.pr, w.label, w.event])).replace(
    /[<>-]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `${MARKER_START}${json}${MARKER_END}`;
}
