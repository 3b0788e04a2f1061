import type { ApprovalReceipt, ArtifactRef, ReceiptPermission } from './approval-receipt.js';
import type { CommentDiagnostic } from './comment-diagnostic.js';
import { readSeal, type CommentSealer } from './comment-seal.js';
import { parseApprovalReceipt } from './parse-approval-receipt.js';
import { APPROVAL_MARKER_KIND } from './render-approval-receipt.js';
import { formatUtcTime } from './format-utc-time.js';

/** An issue or PR comment as the adapter lists it. */
export interface ThreadComment {
  id: number;
  author?: { login: string; type?: string | null } | null;
  body?: string | null;
}

export type ApprovalState = 'none' | 'fresh' | 'stale' | 'revoked';

/** An App comment whose receipt is not the App's own text any more: edited, copied, unsealed. */
export interface TamperedReceipt {
  commentId: number;
  /** Plain text, e.g. `its seal does not match its text (edited, or copied from another thread)`. */
  reason: string;
}

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
  /** The App's own receipt comments that could not be read (JSON broken). */
  diagnostics: (CommentDiagnostic & { commentId: number })[];
  /** The App's receipt comments whose seal does not hold: never counted, always reported. */
  tampered: TamperedReceipt[];
  /** A broken or tampered receipt newer than every good one: no approval counts until an approver approves again. */
  blockedBy?: number;
  /** Receipt-looking comments by anyone but the App: never counted. */
  ignoredForeign: number;
}

/**
 * Approval integrity (docs/approval.md, SECURITY.md): a receipt counts only when the App wrote the
 * comment *and* its exact JSON carries the App's seal for this repository and issue — an edit
 * by anyone with `issues: write`, a copy from another thread, a look-alike comment or a file in
 * the repo never counts. The good receipt with the newest sealed time (a revocation's, else the
 * approval's) decides, so a sealed approval copied into a newer comment cannot undo a later
 * revocation. A revocation → `revoked`; an approval whose PRD/test spec path or blob SHA differs
 * from the current files → `stale`. A broken or tampered App receipt newer (by comment) than the
 * deciding one leaves the state `none` (fail closed: it may have been a revocation).
 */
export function evaluateApproval(input: {
  receipts: readonly ThreadComment[];
  appLogin: string;
  /** Checks the seals (bound to this thread); undefined when the App holds no seal key — then nothing counts. */
  sealer: Pick<CommentSealer, 'verify'> | undefined;
  currentPrd?: ArtifactRef;
  currentTestSpec?: ArtifactRef;
  /** The stories file the runner would read now (`prd.json`); undefined when the plan has none. */
  currentStories?: ArtifactRef;
}): ApprovalEvaluation {
  const app = input.appLogin.toLowerCase();
  const evaluation: ApprovalEvaluation = { state: 'none', staleBecause: [], diagnostics: [], tampered: [], ignoredForeign: 0 };
  let best: { id: number; time: number; receipt: ApprovalReceipt } | undefined;
  let newestBad: number | undefined;
  for (const comment of input.receipts) {
    const parsed = parseApprovalReceipt(comment.body ?? '');
    if (parsed.kind === 'none') continue;
    if (comment.author?.login.toLowerCase() !== app) {
      evaluation.ignoredForeign++;
      continue;
    }
    const tampered = parsed.kind === 'receipt' ? sealProblem(input.sealer, comment.body ?? '', parsed.text, parsed.seal) : undefined;
    if (parsed.kind === 'invalid' || tampered) {
      if (parsed.kind === 'invalid') evaluation.diagnostics.push({ ...parsed.diagnostic, commentId: comment.id });
      if (tampered) evaluation.tampered.push({ commentId: comment.id, reason: tampered });
      if (newestBad === undefined || comment.id > newestBad) newestBad = comment.id;
      continue;
    }
    const time = Date.parse(parsed.receipt.revoked?.at ?? parsed.receipt.approvedAt);
    if (!best || time > best.time || (time === best.time && comment.id > best.id)) best = { id: comment.id, time, receipt: parsed.receipt };
  }
  if (newestBad !== undefined && (!best || newestBad > best.id)) return { ...evaluation, blockedBy: newestBad };
  if (!best) return evaluation;
  const { receipt } = best;
  Object.assign(evaluation, {
    receipt,
    receiptCommentId: best.id,
    approver: receipt.approver,
    permission: receipt.permission,
    approvedAt: receipt.approvedAt,
  });
  if (receipt.revoked) return { ...evaluation, state: 'revoked', revokedBy: receipt.revoked.by, revokedAt: receipt.revoked.at };
  evaluation.staleBecause = staleReasons(receipt, input.currentPrd, input.currentTestSpec, input.currentStories);
  evaluation.state = evaluation.staleBecause.length ? 'stale' : 'fresh';
  return evaluation;
}

function sealProblem(
  sealer: Pick<CommentSealer, 'verify'> | undefined,
  body: string,
  text: string,
  seal: string | undefined,
): string | undefined {
  if (!sealer) return 'the App holds no seal key to check it (set PLANGATE_SEAL_SECRET or the private key)';
  if (seal === undefined)
    return readSeal(body, APPROVAL_MARKER_KIND).kind === 'several' ? 'it carries several seals' : 'it carries no seal';
  return sealer.verify(APPROVAL_MARKER_KIND, text, seal)
    ? undefined
    : 'its seal does not match its text (edited, or copied from another thread)';
}

function staleReasons(
  receipt: ApprovalReceipt,
  prd: ArtifactRef | undefined,
  testSpec: ArtifactRef | undefined,
  stories: ArtifactRef | undefined,
): string[] {
  const who = `@${receipt.approver}`;
  const reasons: string[] = [];
  if (!prd) reasons.push(`no plan is selected now; ${who} approved ${baseName(receipt.prd.path)}`);
  else if (prd.path !== receipt.prd.path)
    reasons.push(`the plan is now ${baseName(prd.path)}; ${who} approved ${baseName(receipt.prd.path)}`);
  else if (prd.sha !== receipt.prd.sha) reasons.push(`${baseName(prd.path)} changed since ${who} approved`);
  companionChanged(reasons, 'test spec', receipt.testSpec, testSpec, who);
  companionChanged(reasons, 'stories file', receipt.stories, stories, who);
  return reasons;
}

/** A file approved with the PRD (test spec, stories file): gone, added, another one, or edited since. */
function companionChanged(
  reasons: string[],
  role: string,
  approved: ArtifactRef | undefined,
  current: ArtifactRef | undefined,
  who: string,
): void {
  if (approved && !current) reasons.push(`${baseName(approved.path)} is gone since ${who} approved`);
  else if (!approved && current) reasons.push(`${baseName(current.path)} was added since ${who} approved`);
  else if (approved && current && approved.path !== current.path)
    reasons.push(`the ${role} is now ${baseName(current.path)}; ${who} approved ${baseName(approved.path)}`);
  else if (approved && current && approved.sha !== current.sha) reasons.push(`${baseName(current.path)} changed since ${who} approved`);
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
      return evaluation.blockedBy !== undefined
        ? `no approval: the App's receipt in comment ${evaluation.blockedBy} was altered or cannot be read, so none counts`
        : 'no approval';
  }
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
