import { ISSUE_GATE_MARKER, markedAmong } from '../../github/sticky-comment.js';
import type { IssueFacts } from '../github/get-issue.js';
import { readIssueGateState, type LoadedGate } from '../issues/read-issue-gate-state.js';
import { refreshIssueGateComment } from '../issues/request-execution.js';
import type { CommandInput } from './command-input.js';
import { gateForThread } from './gate-for-thread.js';

/**
 * After an approval, a revocation or a review, the thread's gate comment must not show the
 * old state: a PR is evaluated again (its gate comment holds the approval table); an issue's
 * gate comment, when it has one, is rewritten (`create`: a review creates it, so its verdict shows).
 */
export async function refreshThreadGate(
  input: Pick<CommandInput, 'session' | 'settings' | 'isPull'>,
  reuse?: { facts: IssueFacts; loaded: LoadedGate },
  options: { create?: boolean } = {},
): Promise<{ reevaluatePull?: boolean }> {
  if (input.isPull) return { reevaluatePull: true };
  const { session } = input;
  const comments = await session.comments();
  if (!options.create && !markedAmong(comments, { marker: ISSUE_GATE_MARKER, authorLogin: session.botLogin }).length) return {};
  const label = input.settings.ralph.labels.run[0] ?? 'ralph';
  const state = reuse
    ? await readIssueGateState(session, reuse.facts, { label, actorMayBypass: false, loaded: reuse.loaded })
    : (await gateForThread(session, { isPull: false, label })).state;
  if (state.kind === 'state') await refreshIssueGateComment(session, state, options);
  return {};
}
