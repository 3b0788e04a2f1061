import { revocationReceipt } from '../../core/approval/approval-receipt.js';
import { evaluateApproval } from '../../core/approval/evaluate-approval.js';
import { renderApprovalReceipt } from '../../core/approval/render-approval-receipt.js';
import { answer } from '../issues/answer.js';
import { NO_SEAL_KEY } from './approve-command.js';
import type { CommandInput, CommandOutcome } from './command-input.js';
import { refreshThreadGate } from './refresh-thread-gate.js';

/** `/plangate revoke`: a new receipt that withdraws the current approval (fresh or stale). */
export async function revokeCommand(input: CommandInput): Promise<CommandOutcome> {
  const { session } = input;
  const comments = await session.comments();
  const sealer = session.sealer();
  if (!sealer) {
    await answer(session, input.answerId, NO_SEAL_KEY.replace('No approval recorded', 'Nothing revoked'));
    return { outcome: 'no-seal-key' };
  }
  const current = evaluateApproval({
    sealer,
    receipts: comments.map((c) => ({
      id: c.id,
      body: c.body ?? '',
      author: c.user ? { login: c.user.login, type: c.user.type ?? null } : null,
    })),
    appLogin: session.botLogin,
  });
  if (!current.receipt || current.state === 'none' || current.state === 'revoked') {
    await answer(
      session,
      input.answerId,
      current.state === 'revoked'
        ? 'The approval was already revoked; there is nothing to revoke.'
        : 'There is no approval on this thread to revoke.',
    );
    return { outcome: 'nothing-to-revoke' };
  }
  const receipt = revocationReceipt(current.receipt, {
    login: input.sender.login,
    permission: input.permission,
    at: new Date().toISOString(),
  });
  await answer(session, input.answerId, renderApprovalReceipt(receipt, sealer));
  return { outcome: 'revoked', ...(await refreshThreadGate(input)) };
}
