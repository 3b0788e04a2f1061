import type { CommentDiagnostic } from '../../core/approval/comment-diagnostic.js';
import { parseRunComment } from '../../core/ralph/run-comment/parse-run-comment.js';
import { isInFlight, type RunCommentData } from '../../core/ralph/run-comment/run-comment-data.js';
import { isAuthoredBy, type IssueComment } from '../../github/sticky-comment.js';

/** A run comment of the App's on an issue, with the data its hidden line holds. */
export interface RunRecord {
  comment: IssueComment;
  data: RunCommentData;
}

export interface RunRecords {
  /** Oldest first. */
  records: RunRecord[];
  /** The App's run comments whose data line could not be read (logged; they decide nothing). */
  unreadable: (CommentDiagnostic & { commentId: number })[];
}

/**
 * The exactly-once records of an issue: run comments written by the App itself. A look-alike
 * by anyone else (or the ralph runner creating one alone, without data) never counts.
 */
export function runRecordsOf(comments: readonly IssueComment[], botLogin: string): RunRecords {
  const out: RunRecords = { records: [], unreadable: [] };
  for (const comment of [...comments].sort((a, b) => a.id - b.id)) {
    if (!isAuthoredBy(comment, botLogin)) continue;
    const parsed = parseRunComment(comment.body ?? '');
    if (parsed.kind === 'run') out.records.push({ comment, data: parsed.data });
    else if (parsed.kind === 'invalid') out.unreadable.push({ ...parsed.diagnostic, commentId: comment.id });
  }
  return out;
}

/**
 * The record a trigger is decided against: the one holding this key if any (a redelivery),
 * else the oldest run in flight (the one that won its claim), else the newest.
 */
export function currentRunRecord(records: readonly RunRecord[], key?: string): RunRecord | undefined {
  return (
    (key === undefined ? undefined : records.find((r) => r.data.key === key)) ?? records.find((r) => isInFlight(r.data)) ?? records.at(-1)
  );
}

/** The run in flight on an issue (the oldest claim), if any. */
export function inFlightRecord(records: readonly RunRecord[]): RunRecord | undefined {
  return records.find((r) => isInFlight(r.data));
}
