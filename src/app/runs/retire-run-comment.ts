import { RUN_COMMENT_MARKER, RUN_DATA_KIND } from '../../core/ralph/run-comment/render-run-comment.js';
import { statusOf } from '../../github/octokit-like.js';
import { updateIssueComment } from '../../github/update-issue-comment.js';
import type { IssueSession } from '../issues/issue-session.js';
import type { RunRecord } from './run-records.js';

/**
 * An earlier run comment stops being a run comment when a new run wins its claim: its marker
 * and data line go (the new comment carries its key in `previousKeys`), its text stays as
 * history. The ralph runner updates the one comment with the marker, so there must be one.
 */
export async function retireRunComment(session: IssueSession, record: RunRecord): Promise<void> {
  const kept = (record.comment.body ?? '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== RUN_COMMENT_MARKER && !line.trim().startsWith(`<!-- plangate:${RUN_DATA_KIND} `))
    .join('\n');
  try {
    await updateIssueComment(
      session.octokit,
      { owner: session.target.owner, repo: session.target.repo, commentId: record.comment.id },
      `<sub>An earlier plangate run on this issue.</sub>\n\n${kept.trim()}`,
    );
  } catch (error) {
    // A losing claim deletes itself at the same time: gone is fine.
    if (statusOf(error) !== 404) throw error;
  }
}
