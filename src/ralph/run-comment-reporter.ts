import { codeBlock } from '../core/markdown-safe.js';
import type { RalphState } from '../core/ralph/ralph-state.js';
import { renderRunMarkdown } from '../core/ralph/render-run-markdown.js';
import { isAppBotLogin } from '../core/ralph/run-comment/app-bot-login.js';
import { RUN_COMMENT_MARKER } from '../core/ralph/run-comment/render-run-comment.js';
import { getTokenLogin } from '../github/get-token-login.js';
import type { IssueComment } from '../github/issue-comment.js';
import { listIssueComments } from '../github/list-issue-comments.js';
import { statusOf, type OctokitLike } from '../github/octokit-like.js';
import { markedAmong, upsertStickyComment } from '../github/sticky-comment.js';
import { updateIssueComment } from '../github/update-issue-comment.js';
import { LIMITS } from '../render/markdown.js';

/** Hidden lines another writer (the App: dispatch key, run link) keeps in the run comment. */
const HIDDEN_LINE = /^<!-- plangate:[^\n]*-->$/;

export interface RunCommentTarget {
  owner: string;
  repo: string;
  issue: number;
}

export interface RunCommentReporterOptions {
  runUrl?: string;
  commit?: string;
  /** The App's bot login (`<slug>[bot]`, the dispatch input `app-login`): its run comment is the run's record. */
  appLogin?: string;
  warn: (message: string) => void;
}

/**
 * Keeps the issue's run comment (`<!-- plangate:run -->`) in step with the loop. Only two
 * accounts' comments are the run comment — anyone can paste the marker into a comment:
 * - the App's (`appLogin`), which it posted at dispatch and which holds its exactly-once record:
 *   updated in place, its hidden lines (as they are at each update) carried over, never deleted;
 * - else the token's own (GraphQL `viewer`), created when there is none (a run started by hand).
 * With neither account known nothing is written (one warning). An API error never stops the
 * run: a read-only token or a missing issue ends the updates, anything else is retried at the
 * next step.
 */
export class RunCommentReporter {
  private disabled = false;
  private readonly appLogin: string | undefined;
  private rejectedAppLogin: string | undefined;
  /** The token's own login once learnt; null when it cannot be. */
  private tokenLogin: string | null | undefined;

  constructor(
    private readonly octokit: OctokitLike,
    private readonly target: RunCommentTarget,
    private readonly options: RunCommentReporterOptions,
  ) {
    const appLogin = options.appLogin?.trim();
    if (appLogin && isAppBotLogin(appLogin)) this.appLogin = appLogin;
    else if (appLogin) this.rejectedAppLogin = appLogin;
  }

  update(state: RalphState, prUrl?: string): Promise<void> {
    return this.write((header) =>
      renderRunMarkdown({
        state,
        header,
        issue: this.target.issue,
        runUrl: this.options.runUrl,
        prUrl,
        commit: this.options.commit,
        maxLength: LIMITS.comment,
      }),
    );
  }

  /** The run could not start (config or plan rejected): say so where people are watching. */
  fail(message: string): Promise<void> {
    return this.write((header) =>
      [
        ...header,
        '### plangate ralph: ❌ failed before the first iteration',
        '',
        this.options.runUrl ? `[workflow run](${this.options.runUrl})\n` : '',
        codeBlock(message.slice(0, 20_000)),
      ].join('\n'),
    );
  }

  private async write(render: (header: string[]) => string): Promise<void> {
    if (this.disabled) return;
    if (this.rejectedAppLogin !== undefined) {
      this.options.warn(
        `plangate ralph: app-login ${JSON.stringify(this.rejectedAppLogin.slice(0, 120))} is not an App's bot login (<slug>[bot]); only the token's own run comment on #${this.target.issue} is updated.`,
      );
      this.rejectedAppLogin = undefined;
    }
    const { owner, repo, issue } = this.target;
    try {
      const comments = await listIssueComments(this.octokit, { owner, repo, number: issue });
      const appComment = this.appLogin ? markedAmong(comments, { marker: RUN_COMMENT_MARKER, authorLogin: this.appLogin })[0] : undefined;
      if (appComment) {
        const body = render(this.header(appComment));
        if (body !== appComment.body) await updateIssueComment(this.octokit, { owner, repo, commentId: appComment.id }, body);
        return;
      }
      const own = await this.ownLogin();
      if (!own) return;
      const target = { owner, repo, issueNumber: issue, marker: RUN_COMMENT_MARKER, authorLogin: own };
      const [existing] = markedAmong(comments, target);
      await upsertStickyComment(this.octokit, target, render(this.header(existing)), comments);
    } catch (error) {
      const status = statusOf(error);
      const why = error instanceof Error ? error.message : String(error);
      if (status === 403 || status === 404) {
        this.disabled = true;
        this.options.warn(
          `plangate ralph: the run comment on #${issue} is not updated any more (${status === 403 ? 'the token cannot write to the issue' : 'no such issue'}); the job summary and the result file still are.`,
        );
      } else {
        this.options.warn(`plangate ralph: updating the run comment on #${issue} failed (${why}); the next step tries again.`);
      }
    }
  }

  /**
   * The marker and the hidden lines of the comment as it is now: the App writes its data line
   * again after the dispatch (the run's id), possibly after this run's first update.
   */
  private header(existing: IssueComment | undefined): string[] {
    const hidden = (existing?.body ?? '').split(/\r?\n/).filter((l) => HIDDEN_LINE.test(l.trim()) && l.trim() !== RUN_COMMENT_MARKER);
    return [RUN_COMMENT_MARKER, ...hidden];
  }

  /**
   * The account the token writes as, asked once. Without it no comment can be told apart from a
   * look-alike, so none is written (fail closed) and the updates end with one warning.
   */
  private async ownLogin(): Promise<string | undefined> {
    if (this.tokenLogin === undefined) {
      try {
        this.tokenLogin = await getTokenLogin(this.octokit);
      } catch (error) {
        this.tokenLogin = null;
        this.disabled = true;
        const why = error instanceof Error ? error.message : String(error);
        this.options.warn(
          `plangate ralph: the run comment on #${this.target.issue} is not written: there is no run comment by the App${this.appLogin ? ` (${this.appLogin})` : ' (no app-login given)'} and the token's own account could not be learnt (${why}), so a comment of its own could not be told from a look-alike; the job summary and the result file still show the run.`,
        );
      }
    }
    return this.tokenLogin ?? undefined;
  }
}
