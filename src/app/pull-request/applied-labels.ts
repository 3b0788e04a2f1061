import { authorizeCommand, isBotSender, type AuthorizationConfig, type CollaboratorPermission } from '../../core/approval/permissions.js';
import type { AppliedLabel } from '../../core/check-context.js';
import { codeSpan, escapeMarkdownText } from '../../core/markdown-safe.js';
import type { OctokitRequester } from '../../github/octokit-like.js';
import { getCollaboratorPermission } from '../github/get-collaborator-permission.js';
import { listLabelEventsChecked } from '../github/list-label-events.js';
import type { ExemptLabeling } from './head-waivers.js';
import type { PullRequestTarget } from './pull-request-target.js';

/** An exempt label that does not count: removed from the PR and answered once (per label event). */
export interface RefusedExemptLabel {
  name: string;
  /** Who added it (the label event's actor), when GitHub says. */
  by?: string;
  /** The answer's trigger id: one answer per labeling, however often it is evaluated. */
  triggerId: string;
  /** Markdown, escaped. */
  answer: string;
}

export interface AppliedLabels {
  /** The labels for the check context: exempt ones only when an approver added them (with `by`). */
  labels: AppliedLabel[];
  refused: RefusedExemptLabel[];
  /** The exempt labels in `labels`, each with the label event that added it (a waiver is bound to it). */
  honoured: ExemptLabeling[];
}

/**
 * The PR's labels for the check context. An exempt label waives the plans gate, and GitHub lets
 * triage users add labels: so an exempt label counts only when whoever added it — the actor of
 * its latest `labeled` event in the issue events API, whatever the delivery says — has
 * `ralph.approvers` permission (or is a trusted bot). Otherwise it is left out (the gate holds)
 * and reported for the App to remove and answer, like a `ralph` label. One events request, only
 * when an exempt label is present; a labeling GitHub shows no actor for never counts.
 */
export async function loadAppliedLabels(
  octokit: OctokitRequester,
  target: PullRequestTarget,
  config: AuthorizationConfig & { plans: { exemptLabels: readonly string[] } },
): Promise<AppliedLabels> {
  const isExempt = (name: string) => config.plans.exemptLabels.some((e) => e.toLowerCase() === name.toLowerCase());
  const labels: AppliedLabel[] = [];
  const refused: RefusedExemptLabel[] = [];
  const honoured: ExemptLabeling[] = [];
  const exempt = target.labels.filter(isExempt);
  for (const name of target.labels) if (!isExempt(name)) labels.push({ name });
  if (!exempt.length) return { labels, refused, honoured };
  const listing = target.number
    ? await listLabelEventsChecked(octokit, { owner: target.owner, repo: target.repo, issueNumber: target.number })
    : { events: [], complete: true };
  // Past the pages read, a newer labeling may be unseen: then nobody is known to have added it.
  const events = listing.complete ? listing.events : [];
  const permissions = new Map<string, Promise<CollaboratorPermission | undefined>>();
  for (const name of exempt) {
    const event = events.filter((e) => e.event === 'labeled' && e.label.toLowerCase() === name.toLowerCase()).at(-1);
    const triggerId = `exempt:${target.number ?? target.headSha}:${name.toLowerCase()}:${event?.id ?? event?.createdAt ?? 'unknown'}`;
    const actor = event?.actor;
    if (!actor) {
      refused.push({
        name,
        triggerId,
        answer: `The ${codeSpan(name, 60)} label was not honoured: GitHub does not say who added it, so it cannot waive the plans gate. The label was removed.`,
      });
      continue;
    }
    const sender = { login: actor, type: isBotSender({ login: actor }) ? 'Bot' : 'User' };
    if (!isBotSender(sender) && !permissions.has(actor.toLowerCase())) {
      permissions.set(actor.toLowerCase(), getCollaboratorPermission(octokit, { owner: target.owner, repo: target.repo, username: actor }));
    }
    const permission = isBotSender(sender) ? undefined : await permissions.get(actor.toLowerCase());
    const auth = authorizeCommand({ command: 'exempt-label', sender, permission, config });
    if (auth.kind === 'allowed') {
      labels.push({ name, by: actor });
      honoured.push({ name, by: actor, eventKey: String(event.id ?? event.createdAt ?? 'unknown') });
    } else {
      const why =
        auth.kind === 'refused'
          ? auth.answer
          : `${escapeMarkdownText(`@${actor}`, 60)} is a bot not listed in \`approval.trustedBots\`. The label was removed.`;
      refused.push({ name, by: actor, triggerId, answer: `The ${codeSpan(name, 60)} label was not honoured. ${why}` });
    }
  }
  return { labels, refused, honoured };
}
