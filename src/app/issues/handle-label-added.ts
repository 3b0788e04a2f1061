import { authorizeCommand, isBotSender, type CommentSender } from '../../core/approval/permissions.js';
import { codeSpan } from '../../core/markdown-safe.js';
import { removeLabel } from '../github/remove-label.js';
import type { IssueTaskOutcome } from '../runtime/issue-task-result.js';
import { answer } from './answer.js';
import { cancelAndClean } from './cancel-and-clean.js';
import type { IssueSession } from './issue-session.js';
import { labelEventKey } from './label-event-key.js';
import { requestExecution } from './request-execution.js';

export interface LabelAdded {
  label: string;
  sender: CommentSender;
  /** The issue's `updated_at` in the payload: identifies the event when the events API has none. */
  issueUpdatedAt: string;
}

/**
 * `issues.labeled` (docs/app.md, "Label-driven ralph runs"): an execution label starts a run through the gate, the cancel
 * label cancels one. The sender needs `ralph.approvers` permission — triage users can add
 * labels, which is not enough to spend compute or secrets: their label is removed, with an
 * answer saying why. Labels the App itself sets are not acted on.
 */
export async function handleLabelAdded(session: IssueSession, event: LabelAdded): Promise<IssueTaskOutcome> {
  if (event.sender.login.toLowerCase() === session.botLogin.toLowerCase()) return { outcome: 'ignored', reason: 'a label the App set' };
  const loaded = await session.settings();
  if (!loaded.ok) return { outcome: 'config-problems', problems: loaded.problems.length };
  const { settings } = loaded;
  const { labels } = settings.ralph;
  const name = event.label.toLowerCase();
  const kind = [...labels.run, ...labels.team].some((l) => l.toLowerCase() === name)
    ? 'execution'
    : labels.cancel.toLowerCase() === name
      ? 'cancel'
      : undefined;
  if (!kind) return { outcome: 'ignored', reason: `${event.label} is not an execution or cancel label` };

  const permission = isBotSender(event.sender) ? undefined : await session.permissionOf(event.sender.login);
  const auth = authorizeCommand({
    command: kind === 'cancel' ? 'cancel' : 'execution-label',
    sender: event.sender,
    permission,
    config: settings,
  });
  if (auth.kind === 'ignored') return { outcome: 'ignored', reason: auth.reason };
  if (auth.kind === 'refused') {
    await removeLabel(session.octokit, session.issue, event.label);
    const refusalId = `label-refused:${session.target.number}:${name}:${event.sender.login}:${event.issueUpdatedAt}`;
    const text = kind === 'cancel' ? `${auth.answer} The ${codeSpan(event.label, 50)} label was removed.` : auth.answer;
    await answer(session, refusalId, text);
    return { outcome: 'refused', label: event.label, sender: event.sender.login };
  }

  const { key, stillApplied } = await labelEventKey(session, {
    label: event.label,
    sender: event.sender.login,
    fallbackTime: event.issueUpdatedAt,
  });
  // A redelivery after the label was taken off (by the App's BLOCKED swap, a finished run, a cancel) must not act again.
  if (!stillApplied) return { outcome: 'skipped', reason: `the ${event.label} label of this event was removed since`, key };
  if (kind === 'cancel') {
    const cancelled = await cancelAndClean(session, settings);
    return { outcome: cancelled.kind, removedLabels: cancelled.removedLabels };
  }
  const result = await requestExecution(session, settings, {
    label: event.label,
    key,
    sender: event.sender.login,
    labelEvent: true,
    answerId: key,
  });
  return { ...result, key };
}
