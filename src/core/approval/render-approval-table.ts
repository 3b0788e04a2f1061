import { codeSpan, escapeMarkdownText } from '../markdown-safe.js';
import { describeApproval, type ApprovalEvaluation } from './evaluate-approval.js';
import { formatUtcTime } from './format-utc-time.js';
import type { ReviewVerdict } from './read-review-comment.js';

export interface ApprovalTableInput {
  /** The selected PRD path. */
  plan?: string;
  architect?: ReviewVerdict;
  critic?: ReviewVerdict;
  approval: ApprovalEvaluation;
  /** `plans.requireApproval`: says whether a missing approval blocks. */
  requireApproval: boolean;
}

/**
 * The gate comment's approval table (docs/approval.md): plan, architect and critic verdicts
 * (normalized, with the downgrade note), human approval (who, when, fresh/stale). Every
 * value from a comment or the repository is escaped, logins included (no live mention).
 */
export function renderApprovalTable(input: ApprovalTableInput): string {
  return [
    '| | state |',
    '| --- | --- |',
    `| Plan | ${input.plan ? codeSpan(input.plan) : 'none selected'} |`,
    `| Architect | ${verdictCell(input.architect)} |`,
    `| Critic | ${verdictCell(input.critic)} |`,
    `| Human approval | ${approvalCell(input.approval, input.requireApproval)} |`,
  ].join('\n');
}

function verdictCell(review: ReviewVerdict | undefined): string {
  if (!review) return '—';
  const { normalized } = review;
  const parts = [`**${normalized.verdict}**`];
  if (review.review.verdictWord.toUpperCase() !== normalized.given || normalized.downgraded)
    parts.push(`(given: ${escapeMarkdownText(review.review.verdictWord, 40)})`);
  if (review.author) parts.push(`by ${escapeMarkdownText(`@${review.author}`, 100)}`);
  if (normalized.note) parts.push(`— ${escapeMarkdownText(normalized.note, 300)}`);
  return parts.join(' ');
}

function approvalCell(approval: ApprovalEvaluation, required: boolean): string {
  const tampered = tamperedNote(approval);
  return tampered ? `${stateCell(approval, required)} · ${tampered}` : stateCell(approval, required);
}

/** Altered receipts are reported wherever the approval shows, and never counted. */
function tamperedNote(approval: ApprovalEvaluation): string {
  const [first, ...more] = approval.tampered;
  if (!first) return '';
  const where = `comment ${first.commentId}${more.length ? ` and ${more.length} more` : ''}`;
  return `⚠️ tampered receipt ignored (${where}: ${escapeMarkdownText(first.reason, 200)})`;
}

function stateCell(approval: ApprovalEvaluation, required: boolean): string {
  const who = approval.approver
    ? `${escapeMarkdownText(`@${approval.approver}`, 100)} (${approval.permission}), ${formatUtcTime(approval.approvedAt ?? '')}`
    : '';
  switch (approval.state) {
    case 'fresh':
      return `✅ fresh — ${who}`;
    case 'stale':
      return `⚠️ stale — ${who} — ${escapeMarkdownText(describeApproval(approval), 600)}`;
    case 'revoked':
      return `↩️ revoked — ${escapeMarkdownText(describeApproval(approval), 200)} (approved by ${who})`;
    default:
      if (approval.blockedBy !== undefined)
        return `❌ none — the App's receipt in comment ${approval.blockedBy} was altered or cannot be read, so no approval counts until an approver comments \`/plangate approve\` again`;
      return required ? '❌ none — an approver comments `/plangate approve`' : 'none (not required)';
  }
}
