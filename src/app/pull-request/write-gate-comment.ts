import { commentSealer } from '../../core/approval/comment-seal.js';
import type { ChangedLines } from '../../core/check-context.js';
import type { ResolvedConfig } from '../../core/config/resolve-config.js';
import type { Report } from '../../core/report.js';
import { listIssueComments } from '../../github/list-issue-comments.js';
import { GATE_COMMENT_MARKER, upsertStickyComment, type StickyOutcome } from '../../github/sticky-comment.js';
import { LIMITS, renderMarkdown } from '../../render/markdown.js';
import { approvalSection } from '../approval/approval-section.js';
import type { AppOctokit } from '../github/app-octokit.js';
import type { AppIdentity } from '../github/get-app-identity.js';

/**
 * The pull request's sticky gate comment: its own report (against its own base), the approval
 * table when the thread has one, and `notes` (safe markdown) — written once, edited in place.
 */
export async function writeGateComment(
  deps: { octokit: AppOctokit; identity: AppIdentity; sealKeys: readonly Uint8Array[] },
  target: { owner: string; repo: string; number: number; headSha: string },
  input: {
    report: Report;
    config: ResolvedConfig;
    changedLines?: ChangedLines;
    checkRunId: number | undefined;
    /** The repository's web address (GitHub Enterprise Server has its own host). */
    repositoryUrl: string;
    notes: readonly string[];
  },
): Promise<StickyOutcome> {
  const { octokit, identity } = deps;
  const comments = await listIssueComments(octokit, { owner: target.owner, repo: target.repo, number: target.number });
  const sealer = deps.sealKeys.length
    ? commentSealer(deps.sealKeys, { repo: `${target.owner}/${target.repo}`, issue: target.number })
    : undefined;
  const approval = await approvalSection(octokit, {
    owner: target.owner,
    repo: target.repo,
    comments,
    botLogin: identity.botLogin,
    gate: input.report.details.plans,
    config: input.config,
    sealer,
  });
  const fullReport = `[the plangate check run](${input.repositoryUrl}/runs/${input.checkRunId})`;
  const body = renderMarkdown(input.report, {
    maxLength: LIMITS.comment,
    header: GATE_COMMENT_MARKER,
    extraSections: [...input.notes.filter(Boolean), ...approval],
    ...(input.changedLines ? { changedLines: input.changedLines } : {}),
    changeLabel: 'this pull request',
    fullReport,
  });
  return upsertStickyComment(
    octokit,
    { owner: target.owner, repo: target.repo, issueNumber: target.number, marker: GATE_COMMENT_MARKER, authorLogin: identity.botLogin },
    body,
    comments,
  );
}
