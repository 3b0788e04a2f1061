import type { OctokitRequester } from '../../github/octokit-like.js';
import { upsertStickyComment, type IssueComment, type StickyOutcome } from '../../github/sticky-comment.js';

/** The hidden marker of the App's one gate comment per issue (label-driven runs). */
export const ISSUE_GATE_MARKER = '<!-- plangate:issue-gate -->';

/** Creates or edits the issue's gate comment; only the App's own comments count, the oldest wins. */
export function upsertIssueGateComment(
  octokit: OctokitRequester,
  target: { owner: string; repo: string; number: number; botLogin: string },
  body: string,
  listed?: readonly IssueComment[],
): Promise<StickyOutcome> {
  return upsertStickyComment(
    octokit,
    { owner: target.owner, repo: target.repo, issueNumber: target.number, marker: ISSUE_GATE_MARKER, authorLogin: target.botLogin },
    body,
    listed,
  );
}
