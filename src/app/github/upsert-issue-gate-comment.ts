import type { IssueComment, StickyOutcome } from '../../github/sticky-comment.js';
import { upsertGateComment } from './upsert-gate-comment.js';

/** The hidden marker of the App's one gate comment per issue (label-driven runs). */
export const ISSUE_GATE_MARKER = '<!-- plangate:issue-gate -->';

/** Creates or edits the issue's gate comment; only the App's own comments count, the oldest wins. */
export function upsertIssueGateComment(
  octokit: Parameters<typeof upsertGateComment>[0],
  target: { owner: string; repo: string; number: number; botLogin: string },
  body: string,
  listed?: readonly IssueComment[],
): Promise<StickyOutcome> {
  return upsertGateComment(octokit, target, body, listed, ISSUE_GATE_MARKER);
}
