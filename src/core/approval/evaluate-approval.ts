import type { ApprovalReceipt, ArtifactRef, ReceiptPermission } from './approval-receipt.js';
import type { CommentDiagnostic } from './comment-diagnostic.js';
import { parseApprovalReceipt } from './parse-approval-receipt.js';
import { formatUtcTime } from './format-utc-time.js';

/** An issue or PR comment as the adapter lists it. */
export interface ThreadComment {
  id: number;
  author?: { login: string; type?: string | null } | null;
  body?: string | null;
}

export type ApprovalState = 'none' | 'fresh' | 'stale' | 'revoked';

export interface ApprovalEvaluation {
  state: ApprovalState;
  approver?: string;
  permission?: ReceiptPermission;
  approvedAt?: string;
  revokedBy?: string;
  revokedAt?: string;
  /** The receipt that decided the state, and its comment. */
  receipt?: ApprovalReceipt;
  receiptCommentId?: number;
  /**
   * Why a stale approval does not count, e.g. `prd-x.md changed since @alice approved`.
   * Plain text with raw logins: every renderer escapes it (`escapeMarkdownText`), which
   * turns `@alice` into `@&#8203;alice` — no live mention.
   */
  staleBecause: string[];
  /** The App's own receipt comments that could not be read (the newest one decides anyway). */
  diagnostics: (CommentDiagnostic & { commentId: number })[];
  /** Receipt-looking comments by anyone but the App: never counted. */
  ignoredForeign: number;
}

/**
 * Approval integrity (app.md §2.3, quality.md): only receipts in comments written by the
 * App's own bot login count — a look-alike comment by anyone else, or a file in the repo,
 * never does. The newest receipt comment (highest id) decides: a revocation → `revoked`;
 * an approval whose PRD/test spec path or blob SHA differs from the current files →
 * `stale`. When the App's newest receipt cannot be read the state is `none` (fail closed:
 * an unreadable newer receipt may be a revocation).
 */
export function evaluateApproval(input: {
  receipts: readonly ThreadComment[];
  appLogin: string;
  currentPrd?: ArtifactRef;
  currentTestSpec?: ArtifactRef;
}): ApprovalEvaluation {
  const app = input.appLogin.toLowerCase();
  const evaluation: ApprovalEvaluation = { state: 'none', staleBecause: [], diagnostics: [], ignoredForeign: 0 };
  let newest: { id: number; receipt?: ApprovalReceipt } | undefined;
  for (const comment of input.receipts) {
    const parsed = parseApprovalReceipt(comment.body ?? '');
    if (parsed.kind === 'none') continue;
    if (comment.author?.login.toLowerCase() !== app) {
      evaluation.ignoredForeign++;
      continue;
    }
    if (parsed.kind === 'invalid') evaluation.diagnostics.push({ ...parsed.diagnostic, commentId: comment.id });
    if (!newest || comment.id > newest.id) newest = { id: comment.id, receipt: parsed.kind === 'receipt' ? parsed.receipt : undefined };
  }
  const receipt = newest?.receipt;
  if (!newest || !receipt) return evaluation;
  Object.assign(evaluation, { receipt, receiptCommentId: newest.id, approver: receipt.approver, permission: receipt.permission, approvedAt: receipt.approvedAt });
  if (receipt.revoked) return { ...evaluation, state: 'revoked', revokedBy: receipt.revoked.by, revokedAt: receipt.revoked.at };
  evaluation.staleBecause = staleReasons(receipt, input.currentPrd, input.currentTestSpec);
  evaluation.state = evaluation.staleBecause.length ? 'stale' : 'fresh';
  return evaluation;
}

function staleReasons(receipt: ApprovalReceipt, prd: ArtifactRef | undefined, testSpec: ArtifactRef | undefined): string[] {
  const who = `@${receipt.approver}`;
  const reasons: string[] = [];
  if (!prd) reasons.push(`no plan is selected now; ${who} approved ${baseName(receipt.prd.path)}`);
  else if (prd.path !== receipt.prd.path) reasons.push(`the plan is now ${baseName(prd.path)}; ${who} approved ${baseName(receipt.prd.path)}`);
  else if (prd.sha !== receipt.prd.sha) reasons.push(`${baseName(prd.path)} changed since ${who} approved`);
  const approved = receipt.testSpec;
  if (approved && !testSpec) reasons.push(`${baseName(approved.path)} is gone since ${who} approved`);
  else if (!approved && testSpec) reasons.push(`${baseName(testSpec.path)} was added since ${who} approved`);
  else if (approved && testSpec && approved.path !== testSpec.path) reasons.push(`the test spec is now ${baseName(testSpec.path)}; ${who} approved ${baseName(approved.path)}`);
  else if (approved && testSpec && approved.sha !== testSpec.sha) reasons.push(`${baseName(testSpec.path)} changed since ${who} approved`);
  return reasons;
}

/**
 * One line for people, plain text (escape before putting it in markdown):
 * `approved by @alice (write) at 2026-05-01 12:00 UTC`, `approval stale: …`,
 * `approval revoked by @bob`, `no approval`.
 */
export function describeApproval(evaluation: ApprovalEvaluation): string {
  switch (evaluation.state) {
    case 'fresh':
      return `approved by @${evaluation.approver} (${evaluation.permission}) at ${formatUtcTime(evaluation.approvedAt ?? '')}`;
    case 'stale':
      return `approval stale: ${evaluation.staleBecause.join('; ')}`;
    case 'revoked':
      return `approval revoked by @${evaluation.revokedBy} at ${formatUtcTime(evaluation.revokedAt ?? '')}`;
    default:
      return 'no approval';
  }
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
