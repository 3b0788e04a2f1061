import type { CommentDiagnostic } from '../../core/approval/comment-diagnostic.js';
import type { CommentSealer } from '../../core/approval/comment-seal.js';
import { evaluateApproval, type ApprovalEvaluation } from '../../core/approval/evaluate-approval.js';
import { authorizeCommand, isBotSender, type AuthorizationConfig, type CollaboratorPermission } from '../../core/approval/permissions.js';
import { latestVerdicts, readReviewComment, type ReviewVerdict } from '../../core/approval/read-review-comment.js';
import { renderApprovalTable } from '../../core/approval/render-approval-table.js';
import { escapeMarkdownText } from '../../core/markdown-safe.js';
import type { PlansGateDetails } from '../../core/report.js';
import type { IssueComment } from '../../github/sticky-comment.js';
import { maxOf, pushAll } from '../../core/push-all.js';

export interface ThreadApproval {
  approval: ApprovalEvaluation;
  architect?: ReviewVerdict;
  critic?: ReviewVerdict;
  /** Review blocks that could not be read, with their comment. */
  reviewDiagnostics: (CommentDiagnostic & { commentId: number })[];
  /** Any receipt or review in the thread (the PR gate comment shows the table only then, or when approval is required). */
  hasActivity: boolean;
  /** The approval table (docs/approval.md), markdown with every value escaped, and which review blocks could not be read. */
  table: string;
}

export interface ThreadApprovalInput {
  comments: readonly IssueComment[];
  botLogin: string;
  /** The plans gate of the commit the approval is checked against (default branch, `Branch:`, or the PR head). */
  gate: PlansGateDetails | undefined;
  config: AuthorizationConfig & { plans: { requireApproval: boolean } };
  /** Checks receipt seals for this thread; undefined when the App holds no seal key. */
  sealer: Pick<CommentSealer, 'verify'> | undefined;
  /** Permission lookup (cached by the caller); only asked for authors of review blocks. */
  permissionOf: (login: string) => Promise<CollaboratorPermission | undefined>;
}

const REVIEW_HINT = /plangate-review/i;

/**
 * The approval state of an issue or PR thread: the App's own sealed receipts against the current
 * blob SHAs of the PRD, test spec and stories file, and the newest architect/critic verdicts from comments
 * of approvers or trusted bots (normalized: APPROVE with blocking findings counts as ITERATE).
 */
export async function readThreadApproval(input: ThreadApprovalInput): Promise<ThreadApproval> {
  const bot = input.botLogin.toLowerCase();
  const gate = input.gate;
  const approval = evaluateApproval({
    receipts: input.comments.map((c) => ({
      id: c.id,
      body: c.body ?? '',
      author: c.user ? { login: c.user.login, type: c.user.type ?? null } : null,
    })),
    appLogin: input.botLogin,
    sealer: input.sealer,
    ...(gate?.prd && gate.prdSha ? { currentPrd: { path: gate.prd, sha: gate.prdSha } } : {}),
    ...(gate?.testSpec && gate.testSpecSha ? { currentTestSpec: { path: gate.testSpec, sha: gate.testSpecSha } } : {}),
    ...(gate?.storiesFile && gate.storiesSha ? { currentStories: { path: gate.storiesFile, sha: gate.storiesSha } } : {}),
  });

  const reviews: ReviewVerdict[] = [];
  const reviewDiagnostics: ThreadApproval['reviewDiagnostics'] = [];
  for (const comment of input.comments) {
    const login = comment.user?.login;
    if (!login || login.toLowerCase() === bot || !REVIEW_HINT.test(comment.body ?? '')) continue;
    const sender = { login, type: comment.user?.type ?? null };
    const permission = isBotSender(sender) ? undefined : await input.permissionOf(login);
    const authorized = authorizeCommand({ command: 'approve', sender, permission, config: input.config }).kind === 'allowed';
    const read = readReviewComment({ body: comment.body ?? '', authorized, commentId: comment.id, author: login });
    pushAll(reviews, read.reviews);
    pushAll(
      reviewDiagnostics,
      read.diagnostics.map((d) => ({ ...d, commentId: comment.id })),
    );
  }
  const { architect, critic } = latestVerdicts(reviews);
  const table = [
    renderApprovalTable({
      ...(gate?.prd ? { plan: gate.prd } : {}),
      ...(architect ? { architect } : {}),
      ...(critic ? { critic } : {}),
      approval,
      requireApproval: input.config.plans.requireApproval,
    }),
    // Only blocks newer than the newest counted verdict: an old broken block that was redone is no news.
    ...diagnosticNotes(
      reviewDiagnostics.filter(
        (d) =>
          d.commentId >
          maxOf(
            reviews.map((r) => r.commentId ?? 0),
            0,
          ),
      ),
    ),
  ].join('\n');
  const hasActivity = approval.state !== 'none' || reviews.length > 0 || approval.diagnostics.length > 0 || approval.tampered.length > 0;
  return { approval, ...(architect ? { architect } : {}), ...(critic ? { critic } : {}), reviewDiagnostics, hasActivity, table };
}

/** Says which review blocks did not count, so a reviewer can fix theirs (at most three). */
function diagnosticNotes(diagnostics: ThreadApproval['reviewDiagnostics']): string[] {
  if (!diagnostics.length) return [];
  const notes = diagnostics
    .slice(0, 3)
    .map((d) => `- comment ${d.commentId}${d.line ? `, line ${d.line}` : ''}: ${escapeMarkdownText(d.message, 300)}`);
  if (diagnostics.length > 3) notes.push(`- … ${diagnostics.length - 3} more`);
  return ['', '<sub>Review blocks that were not counted:</sub>', '', ...notes];
}
