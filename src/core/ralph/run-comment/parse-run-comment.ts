import { describeZodIssues, type CommentDiagnostic } from '../../approval/comment-diagnostic.js';
import { readHiddenJson } from '../../approval/hidden-json.js';
import { RUN_COMMENT_MARKER, RUN_DATA_KIND } from './render-run-comment.js';
import { runCommentDataSchema, type RunCommentData } from './run-comment-data.js';

export type RunCommentParse =
  | { kind: 'none' }
  | { kind: 'run'; data: RunCommentData }
  /** The marker is there but the data line is missing or broken (e.g. a comment the runner created alone). */
  | { kind: 'invalid'; diagnostic: CommentDiagnostic };

/**
 * The run comment's data (the exactly-once record), strictly validated. The author check
 * — only the App's own comments count — is the caller's, as for receipts. Never throws.
 */
export function parseRunComment(body: string): RunCommentParse {
  if (!body.split(/\r\n|\r|\n/).some((line) => line.trim() === RUN_COMMENT_MARKER)) return { kind: 'none' };
  const read = readHiddenJson(body, RUN_DATA_KIND);
  if (read.kind === 'absent')
    return { kind: 'invalid', diagnostic: { code: 'run_data_missing', message: 'run comment has no plangate:run-data line' } };
  if (read.kind === 'invalid') return { kind: 'invalid', diagnostic: { code: 'run_data_invalid', message: read.message, line: read.line } };
  const parsed = runCommentDataSchema.safeParse(read.value);
  if (!parsed.success) {
    return {
      kind: 'invalid',
      diagnostic: {
        code: 'run_data_invalid',
        message: `run comment data does not match the schema: ${describeZodIssues(parsed.error)}`,
        line: read.line,
      },
    };
  }
  return { kind: 'run', data: parsed.data };
}
