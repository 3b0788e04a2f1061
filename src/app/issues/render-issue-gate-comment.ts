import { escapeMarkdownText } from '../../core/markdown-safe.js';
import { ISSUE_GATE_MARKER } from '../../github/sticky-comment.js';

export interface IssueGateView {
  status: 'BLOCKED' | 'UNLOCKED';
  /** The gate overlay (or the BLOCKED text with what is missing), safe markdown. */
  gateText: string;
  /** Where the gate was evaluated (`main (1a2b3c4)`), plain text. */
  where: string;
  /** The approval table, safe markdown. */
  approvalTable: string;
  /** What happened to the labels, safe markdown. */
  note?: string;
}

/**
 * The issue's gate comment (`<!-- plangate:issue-gate -->`, docs/approval.md, "Labels"): the gate as
 * the keyword gate sees it, what is missing, and the approval table.
 */
export function renderIssueGateComment(view: IssueGateView): string {
  return [ISSUE_GATE_MARKER, renderIssueGateBody(view)].join('\n');
}

/** The same text without the marker (the `/plangate status` answer). */
export function renderIssueGateBody(view: IssueGateView): string {
  const title = view.status === 'BLOCKED' ? '### 🛑 plangate: execution BLOCKED' : '### ✅ plangate: execution UNLOCKED';
  const lines = [
    title,
    '',
    view.gateText,
    '',
    `<sub>Evaluated on ${escapeMarkdownText(view.where, 200)}; config from the default branch.</sub>`,
    '',
    '#### Approval',
    '',
    view.approvalTable,
  ];
  if (view.note) lines.push('', view.note);
  return lines.join('\n');
}
