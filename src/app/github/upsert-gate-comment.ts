import { upsertStickyComment, type IssueComment, type StickyOutcome } from '../../github/sticky-comment.js';

/** The hidden marker of the App's one gate comment per pull request. */
export const GATE_COMMENT_MARKER = '<!-- plangate:gate -->';

/**
 * Creates or edits the thread's gate comment (the PR's, or with `ISSUE_GATE_MARKER` an issue's);
 * only the App's own comments (by its bot login) count, the oldest wins.
 */
export function upsertGateComment(
  octokit: Parameters<typeof upsertStickyComment>[0],
  target: { owner: string; repo: string; number: number; botLogin: string },
  body: string,
  listed?: readonly IssueComment[],
  marker = GATE_COMMENT_MARKER,
): Promise<StickyOutcome> {
  return upsertStickyComment(
    octokit,
    { owner: target.owner, repo: target.repo, issueNumber: target.number, marker, authorLogin: target.botLogin },
    body,
    listed,
  );
}
