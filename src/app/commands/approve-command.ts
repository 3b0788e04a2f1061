import { approvalReceipt } from '../../core/approval/approval-receipt.js';
import { renderApprovalReceipt } from '../../core/approval/render-approval-receipt.js';
import { codeSpan, escapeMarkdownText } from '../../core/markdown-safe.js';
import { renderGateOverlay } from '../../core/plans/gate-overlay.js';
import { answer } from '../issues/answer.js';
import { configProblemsOutcome } from '../pull-request/check-run-outcome.js';
import type { CommandInput, CommandOutcome } from './command-input.js';
import { gateForThread } from './gate-for-thread.js';
import { refreshThreadGate } from './refresh-thread-gate.js';

/** What an approver is told when this App cannot seal a receipt (an operator must give it a key). */
export const NO_SEAL_KEY =
  "No approval recorded: this plangate App holds no key to seal receipts with (its operator sets `PLANGATE_SEAL_SECRET` or the App's private key), and an unsealed receipt would not count.";

/**
 * `/plangate approve [<prd path>]` (docs/approval.md): a receipt — the App's own comment with the
 * hidden JSON and its seal — bound to the blob SHAs of the PRD and its matching test spec on the default
 * branch (the PR head, on a PR). Editing either file later makes the approval stale.
 */
export async function approveCommand(input: CommandInput, planPath: string | undefined): Promise<CommandOutcome> {
  const { session } = input;
  const { facts, state } = await gateForThread(session, {
    isPull: input.isPull,
    label: input.settings.ralph.labels.run[0] ?? 'ralph',
    ...(planPath ? { planPath } : {}),
  });
  if (state.kind === 'skipped') {
    await answer(session, input.answerId, 'Nothing to approve: this repository has no plangate config and no known planning layout.');
    return { outcome: 'nothing-to-approve' };
  }
  if (state.kind === 'problems') {
    await answer(session, input.answerId, configProblemsOutcome(state.problems, state.file).summary);
    return { outcome: 'config-problems' };
  }
  const gate = state.loaded.gate;
  if (!gate?.prd || !gate.prdSha) {
    const what = planPath
      ? `${codeSpan(planPath)} is not a plan on ${escapeMarkdownText(state.loaded.where, 200)}`
      : `there is no plan on ${escapeMarkdownText(state.loaded.where, 200)}`;
    const details = [gate ? renderGateOverlay(gate) : '', ...state.loaded.problems.map((p) => `- ${escapeMarkdownText(p, 300)}`)]
      .filter(Boolean)
      .join('\n');
    await answer(session, input.answerId, `Nothing to approve: ${what}.${details ? `\n\n${details}` : ''}`);
    return { outcome: 'nothing-to-approve' };
  }
  const sealer = session.sealer();
  if (!sealer) {
    await answer(session, input.answerId, NO_SEAL_KEY);
    return { outcome: 'no-seal-key' };
  }
  const receipt = approvalReceipt({
    approver: input.sender.login,
    permission: input.permission,
    at: new Date().toISOString(),
    prd: { path: gate.prd, sha: gate.prdSha },
    ...(gate.testSpec && gate.testSpecSha ? { testSpec: { path: gate.testSpec, sha: gate.testSpecSha } } : {}),
    ...(gate.storiesFile && gate.storiesSha ? { stories: { path: gate.storiesFile, sha: gate.storiesSha } } : {}),
  });
  const incomplete =
    gate.status === 'BLOCKED' ? `\n\n⚠️ The plan is not complete yet, so the gate stays BLOCKED:\n\n${renderGateOverlay(gate)}` : '';
  await answer(session, input.answerId, renderApprovalReceipt(receipt, sealer) + incomplete);
  return {
    outcome: 'approved',
    prd: gate.prd,
    ...(await refreshThreadGate(input, planPath ? undefined : { facts, loaded: state.loaded })),
  };
}
