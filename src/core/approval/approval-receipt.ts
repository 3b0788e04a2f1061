import * as z from 'zod/mini';
import '../zod-messages.js';
import { validatePlanPath } from '../commands/validate-plan-path.js';
import { PERMISSION_LEVELS, type PermissionLevel } from './permissions.js';

/** A GitHub login, or an App's bot login `name[bot]`. */
export const loginSchema = z.string().check(z.regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}(?:\[bot\])?$/, 'a GitHub login'));
const blobShaSchema = z.string().check(z.regex(/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/, 'a git blob SHA'));
const repoPathSchema = z.string().check(z.refine((p) => validatePlanPath(p).ok && !p.startsWith('./'), 'a repository-relative path'));
const isoTimeSchema = z.iso.datetime({ offset: true });
const receiptPermissionSchema = z.enum([...PERMISSION_LEVELS, 'trusted-bot'] as const);

export const artifactRefSchema = z.strictObject({ path: repoPathSchema, sha: blobShaSchema });
export type ArtifactRef = z.infer<typeof artifactRefSchema>;

/**
 * The hidden JSON of an approval receipt (the App's own comment, docs/approval.md). A revoking
 * receipt repeats the approval it withdraws and adds `revoked`.
 */
export const approvalReceiptSchema = z.strictObject({
  version: z.literal(1),
  approver: loginSchema,
  permission: receiptPermissionSchema,
  approvedAt: isoTimeSchema,
  prd: artifactRefSchema,
  /** The matching test spec; absent for layouts whose plan holds its own tests (spiral). */
  testSpec: z.optional(artifactRefSchema),
  /** The PRD's `prd.json` stories file the ralph runner reads; absent when the plan has none. */
  stories: z.optional(artifactRefSchema),
  revoked: z.optional(z.strictObject({ by: loginSchema, permission: receiptPermissionSchema, at: isoTimeSchema })),
});
export type ApprovalReceipt = z.infer<typeof approvalReceiptSchema>;
export type ReceiptPermission = PermissionLevel | 'trusted-bot';

/** A new approval of these exact blobs. `at` is an ISO time (the adapter's clock). */
export function approvalReceipt(input: {
  approver: string;
  permission: ReceiptPermission;
  at: string;
  prd: ArtifactRef;
  testSpec?: ArtifactRef;
  stories?: ArtifactRef;
}): ApprovalReceipt {
  const receipt: ApprovalReceipt = {
    version: 1,
    approver: input.approver,
    permission: input.permission,
    approvedAt: input.at,
    prd: { ...input.prd },
  };
  if (input.testSpec) receipt.testSpec = { ...input.testSpec };
  if (input.stories) receipt.stories = { ...input.stories };
  return receipt;
}

/** Withdraws `approval` (the receipt that is current); the result is posted as a new receipt. */
export function revocationReceipt(
  approval: ApprovalReceipt,
  by: { login: string; permission: ReceiptPermission; at: string },
): ApprovalReceipt {
  const { revoked: _previous, ...kept } = approval;
  return { ...kept, revoked: { by: by.login, permission: by.permission, at: by.at } };
}
