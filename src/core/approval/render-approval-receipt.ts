import { codeSpan, escapeMarkdownText } from '../markdown-safe.js';
import type { ApprovalReceipt, ArtifactRef } from './approval-receipt.js';
import { formatUtcTime } from './format-utc-time.js';
import { sealLine, type CommentSealer } from './comment-seal.js';
import { encodeHiddenJson } from './hidden-json.js';

export const APPROVAL_MARKER_KIND = 'approval';

/**
 * The receipt comment: the hidden JSON line first (what counts) and its seal (proof that the App
 * wrote exactly this JSON for this thread), then the same facts for people. Logins are escaped
 * like content (`@&#8203;alice`): a receipt never pings anyone.
 */
export function renderApprovalReceipt(receipt: ApprovalReceipt, sealer: Pick<CommentSealer, 'seal'>): string {
  const json = encodeHiddenJson(receipt);
  const lines = [
    `<!-- plangate:${APPROVAL_MARKER_KIND} ${json} -->`,
    sealLine(APPROVAL_MARKER_KIND, sealer.seal(APPROVAL_MARKER_KIND, json)),
  ];
  const approver = `${escapeMarkdownText(`@${receipt.approver}`, 100)} (**${receipt.permission}**)`;
  if (receipt.revoked) {
    lines.push(
      `↩️ **Approval revoked** by ${escapeMarkdownText(`@${receipt.revoked.by}`, 100)} (**${receipt.revoked.permission}**) at ${formatUtcTime(receipt.revoked.at)}: ` +
        `the approval of ${codeSpan(receipt.prd.path)} by ${approver} (${formatUtcTime(receipt.approvedAt)}) no longer counts.`,
    );
    return lines.join('\n');
  }
  lines.push(
    `✅ **Plan approved** by ${approver} at ${formatUtcTime(receipt.approvedAt)}.`,
    '',
    '| | file | blob |',
    '| --- | --- | --- |',
    row('PRD', receipt.prd),
  );
  if (receipt.testSpec) lines.push(row('Test spec', receipt.testSpec));
  if (receipt.stories) lines.push(row('Stories', receipt.stories));
  const files = 1 + (receipt.testSpec ? 1 : 0) + (receipt.stories ? 1 : 0);
  lines.push(
    '',
    `The approval counts while ${files === 1 ? 'the plan keeps' : files === 2 ? 'both files keep' : 'the files keep'} these blob SHAs; an edit makes it stale and needs a new \`/plangate approve\`.`,
  );
  return lines.join('\n');
}

function row(label: string, ref: ArtifactRef): string {
  return `| ${label} | ${codeSpan(ref.path)} | \`${ref.sha.slice(0, 12)}\` |`;
}
