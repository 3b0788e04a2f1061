import type { CommentDiagnostic } from './comment-diagnostic.js';
import { extractReviewBlocks } from './extract-review-blocks.js';
import { normalizeVerdict, type NormalizedVerdict } from './normalize-verdict.js';
import { parseReviewBlock, type ReviewBlock } from './parse-review-block.js';

export type ReviewRole = 'architect' | 'critic';

export interface ReviewVerdict {
  /** `critic` when the block does not say. */
  role: ReviewRole;
  review: ReviewBlock;
  normalized: NormalizedVerdict;
  /** Line of the block's opening fence in the comment. */
  line: number;
  commentId?: number;
  author?: string;
}

export interface ReviewCommentRead {
  reviews: ReviewVerdict[];
  diagnostics: CommentDiagnostic[];
  /** Set when the comment's author may not give verdicts: nothing was read. */
  ignored?: 'unauthorized';
}

const MAX_BLOCKS = 10;

/**
 * The verdicts in one comment. Only an approver's or a trusted bot's comment counts: the
 * caller passes that decision (`authorizeCommand(...).kind === 'allowed'`). Broken blocks
 * become diagnostics; valid blocks beside them still count.
 */
export function readReviewComment(input: { body: string; authorized: boolean; commentId?: number; author?: string }): ReviewCommentRead {
  if (!input.authorized) return { reviews: [], diagnostics: [], ignored: 'unauthorized' };
  const blocks = extractReviewBlocks(input.body);
  const read: ReviewCommentRead = { reviews: [], diagnostics: [] };
  if (blocks.length > MAX_BLOCKS) {
    read.diagnostics.push({
      code: 'review_too_many_blocks',
      message: `${blocks.length} plangate-review blocks in one comment; only the first ${MAX_BLOCKS} are read`,
      line: blocks[MAX_BLOCKS]!.line,
    });
  }
  for (const block of blocks.slice(0, MAX_BLOCKS)) {
    if (!block.closed)
      read.diagnostics.push({
        code: 'review_unclosed',
        message: 'plangate-review block has no closing fence; read to the end of the comment',
        line: block.line,
      });
    const parsed = parseReviewBlock(block.text, block.line);
    if (!parsed.ok) {
      read.diagnostics.push(parsed.diagnostic);
      continue;
    }
    const verdict: ReviewVerdict = {
      role: parsed.review.role ?? 'critic',
      review: parsed.review,
      normalized: normalizeVerdict(parsed.review),
      line: block.line,
    };
    if (input.commentId !== undefined) verdict.commentId = input.commentId;
    if (input.author !== undefined) verdict.author = input.author;
    read.reviews.push(verdict);
  }
  return read;
}

/** The newest verdict per role (higher comment id, then later in the comment). */
export function latestVerdicts(reviews: readonly ReviewVerdict[]): Partial<Record<ReviewRole, ReviewVerdict>> {
  const latest: Partial<Record<ReviewRole, ReviewVerdict>> = {};
  for (const review of reviews) {
    const current = latest[review.role];
    if (
      !current ||
      (review.commentId ?? -1) > (current.commentId ?? -1) ||
      ((review.commentId ?? -1) === (current.commentId ?? -1) && review.line > current.line)
    ) {
      latest[review.role] = review;
    }
  }
  return latest;
}
