import { authorizeCommand, isBotSender, type CommentSender } from '../../core/approval/permissions.js';
import { renderCommandHelp } from '../../core/commands/command-help.js';
import { parseCommentCommand } from '../../core/commands/parse-comment-command.js';
import { dispatchKey } from '../../core/ralph/run-comment/dispatch-key.js';
import { alreadyAnswered, answer } from '../issues/answer.js';
import { cancelAndClean } from '../issues/cancel-and-clean.js';
import type { IssueSession } from '../issues/issue-session.js';
import { requestExecution } from '../issues/request-execution.js';
import { configProblemsOutcome } from '../pull-request/check-run-outcome.js';
import { approveCommand } from './approve-command.js';
import type { CommandInput, CommandOutcome } from './command-input.js';
import { revokeCommand } from './revoke-command.js';
import { statusCommand } from './status-command.js';
import { refreshThreadGate } from './refresh-thread-gate.js';

export interface NewComment {
  id: number;
  body: string;
  sender: CommentSender;
  isPull: boolean;
}

const REVIEW_HINT = /```+\s*plangate-review|~~~+\s*plangate-review/i;

/**
 * `issue_comment.created` (docs/approval.md): `/plangate status|approve|revoke|run|cancel|help`
 * on the first line, each needing `ralph.approvers` permission (bots only when trusted); a
 * refusal is answered, never silent. A comment with a `plangate-review` block from an approver
 * or trusted bot refreshes the thread's approval table. Anything else costs no API request.
 */
export async function handleComment(session: IssueSession, comment: NewComment): Promise<CommandOutcome> {
  if (comment.sender.login.toLowerCase() === session.botLogin.toLowerCase()) return { outcome: 'ignored', reason: "the App's own comment" };
  const parsed = parseCommentCommand(comment.body);
  const review = parsed.kind === 'none' && REVIEW_HINT.test(comment.body);
  if (parsed.kind === 'none' && !review) return { outcome: 'not-a-command' };

  const answerId = `comment:${comment.id}`;
  // A redelivered command was answered already: nothing else to read.
  if (!review && alreadyAnswered(session, await session.comments(), answerId)) return { outcome: 'already-answered' };
  const loaded = await session.settings();
  if (!loaded.ok) {
    if (review) return { outcome: 'config-problems' };
    await answer(session, answerId, configProblemsOutcome(loaded.problems, loaded.file).summary);
    return { outcome: 'config-problems' };
  }
  const { settings } = loaded;
  const command = parsed.kind === 'command' ? parsed.command : parsed.kind === 'error' ? (parsed.command ?? 'help') : 'approve';
  const permission = isBotSender(comment.sender) ? undefined : await session.permissionOf(comment.sender.login);
  const auth = authorizeCommand({ command, sender: comment.sender, permission, config: settings });
  if (review) {
    if (auth.kind !== 'allowed') return { outcome: 'review-ignored', reason: auth.kind === 'ignored' ? auth.reason : 'not an approver' };
    return { outcome: 'review', ...(await refreshThreadGate({ session, settings, isPull: comment.isPull }, undefined, { create: true })) };
  }
  if (auth.kind === 'ignored') return { outcome: 'ignored', reason: auth.reason };
  if (auth.kind === 'refused') {
    await answer(session, answerId, auth.answer);
    return { outcome: 'refused', command, sender: comment.sender.login };
  }
  if (parsed.kind === 'error') {
    await answer(session, answerId, parsed.message);
    return { outcome: 'invalid-command' };
  }
  if (parsed.kind !== 'command') return { outcome: 'not-a-command' };
  const input: CommandInput = {
    session,
    settings,
    commentId: comment.id,
    sender: comment.sender,
    permission: auth.permission,
    isPull: comment.isPull,
    answerId,
  };
  switch (parsed.command) {
    case 'help':
      await answer(session, answerId, renderCommandHelp(settings.ralph.approvers));
      return { outcome: 'help' };
    case 'status':
      return statusCommand(input);
    case 'approve':
      return approveCommand(input, parsed.path);
    case 'revoke':
      return revokeCommand(input);
    case 'run': {
      const key = dispatchKey({
        repo: `${session.target.owner}/${session.target.repo}`,
        issue: session.target.number,
        commentId: comment.id,
      });
      const label = settings.ralph.labels.run[0] ?? 'ralph';
      return {
        ...(await requestExecution(session, settings, { label, key, sender: comment.sender.login, labelEvent: false, answerId })),
        key,
      };
    }
    case 'cancel': {
      const cancelled = await cancelAndClean(session, settings);
      const text =
        cancelled.kind === 'nothing-in-flight'
          ? 'No ralph run is in flight on this thread; nothing to cancel.'
          : `Cancelling the ralph run${cancelled.data.runUrl ? ` ([workflow run](${cancelled.data.runUrl}))` : ''}; the run comment shows when it has stopped.`;
      await answer(session, answerId, text);
      return { outcome: cancelled.kind, removedLabels: cancelled.removedLabels };
    }
  }
}
