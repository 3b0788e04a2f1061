import type { AppliedLabel } from '../../core/check-context.js';
import type { OctokitLike } from '../../github/octokit-like.js';
import { listLabelEvents } from '../github/list-label-events.js';
import type { PullRequestTarget } from './pull-request-target.js';

/**
 * The PR's labels for the check context, with who applied each exempt one (the plans
 * gate names them: "waived by `plangate:skip` (applied by alice)"). The labeling event
 * itself says who; otherwise the issue's label events do (one request, only when an
 * exempt label is present).
 */
export async function loadAppliedLabels(octokit: OctokitLike, target: PullRequestTarget, exemptLabels: readonly string[]): Promise<AppliedLabel[]> {
  const labels: AppliedLabel[] = target.labels.map((name) => ({ name }));
  const exempt = labels.filter((l) => exemptLabels.includes(l.name));
  if (!exempt.length) return labels;
  const change = target.labelChange;
  const unknown = exempt.filter((l) => !(change?.action === 'labeled' && change.name === l.name && change.by));
  const events = unknown.length && target.number ? await listLabelEvents(octokit, { owner: target.owner, repo: target.repo, issueNumber: target.number }) : [];
  for (const label of exempt) {
    if (change?.action === 'labeled' && change.name === label.name && change.by) label.by = change.by;
    else {
      const applied = events.filter((e) => e.event === 'labeled' && e.label === label.name).pop();
      if (applied?.actor) label.by = applied.actor;
    }
  }
  return labels;
}
