import type { OctokitLike } from '../../github/octokit-like.js';
import { upsertStickyComment, type IssueComment, type StickyOutcome } from '../../github/sticky-comment.js';

/** The hidden marker of the App's one gate comment per pull request. */
export const GATE_COMMENT_MARKER = '<!-- plangate:gate -->';

/** Creates or edits the PR's gate comment; only the App's own comments (by its bot login) count. */
export function upsertGateComment(
  octokit: OctokitLike,
  target: { owner: string; repo: string; number: number; botLogin: string },
  body: string,
  listed?: readonly IssueComment[],
): Promise<StickyOutcome> {
  return upsertStickyComment(
    octokit,
    { owner: target.owner, repo: target.repo, issueNumber: target.number, marker: GATE_COMMENT_MARKER, authorLogin: target.botLogin },
    body,
    listed,
  );
}
