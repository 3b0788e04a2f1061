import { approvalReceiptSchema, type ApprovalReceipt } from './approval-receipt.js';
import { describeZodIssues, type CommentDiagnostic } from './comment-diagnostic.js';
import { readSeal } from './comment-seal.js';
import { readHiddenJson } from './hidden-json.js';
import { APPROVAL_MARKER_KIND } from './render-approval-receipt.js';

export type ApprovalReceiptParse =
  | { kind: 'none' }
  /** `text`: the receipt's JSON as written; `seal`: its seal line's MAC, when there is exactly one. */
  | { kind: 'receipt'; receipt: ApprovalReceipt; text: string; seal?: string }
  | { kind: 'invalid'; diagnostic: CommentDiagnostic };

/**
 * The receipt in a comment body, strictly: one marker line, JSON that matches the schema
 * exactly (no unknown keys), with its seal. Whether it *counts* depends on who wrote the comment
 * and whether the seal holds — `evaluateApproval` decides that. Never throws.
 */
export function parseApprovalReceipt(body: string): ApprovalReceiptParse {
  const read = readHiddenJson(body, APPROVAL_MARKER_KIND);
  if (read.kind === 'absent') return { kind: 'none' };
  if (read.kind === 'invalid') return { kind: 'invalid', diagnostic: { code: 'receipt_invalid', message: read.message, line: read.line } };
  const parsed = approvalReceiptSchema.safeParse(read.value);
  if (!parsed.success) {
    return {
      kind: 'invalid',
      diagnostic: {
        code: 'receipt_invalid',
        message: `approval receipt does not match the schema: ${describeZodIssues(parsed.error)}`,
        line: read.line,
      },
    };
  }
  const seal = readSeal(body, APPROVAL_MARKER_KIND);
  return { kind: 'receipt', receipt: parsed.data, text: read.text, ...(seal.kind === 'one' ? { seal: seal.mac } : {}) };
}
