import { codeBlock } from '../core/markdown-safe.js';
import type { RalphState } from '../core/ralph/ralph-state.js';
import { statusOf, type OctokitRequester } from '../github/octokit-like.js';
import { ANY_AUTHOR, findMarkedComments, upsertStickyComment, type StickyCommentTarget } from '../github/sticky-comment.js';
import { LIMITS } from '../render/markdown.js';
import { renderRunMarkdown } from '../core/ralph/render-run-markdown.js';
import { RUN_COMMENT_MARKER } from '../core/ralph/run-comment/render-run-comment.js';

/** Hidden lines another writer (the App: dispatch key, run link) keeps in the run comment. */
const HIDDEN_LINE = /^<!-- plangate:[^\n]*-->$/;

export interface RunCommentTarget {
  owner: string;
  repo: string;
  issue: number;
}

/**
 * Keeps the issue's run comment (`<!-- plangate:run -->`) in step with the loop. The App
 * created it at dispatch and keeps its own hidden lines there (the exactly-once dispatch
 * key), so those lines are carried over into every update. An API error never stops the
 * run: a read-only token or a missing issue ends the updates, anything else is retried at
 * the next step.
 */
export class RunCommentReporter {
  private preserved: string[] | undefined;
  private disabled = false;

  constructor(
    private readonly octokit: OctokitRequester,
    private readonly target: RunCommentTarget,
    private readonly options: { runUrl?: string; commit?: string; warn: (message: string) => void },
  ) {}

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
    // The App posts the run comment and the workflow's token edits it: two identities, so no one author is ours.
    const target: StickyCommentTarget = {
      owner: this.target.owner,
      repo: this.target.repo,
      issueNumber: this.target.issue,
      marker: RUN_COMMENT_MARKER,
      authorLogin: ANY_AUTHOR,
    };
    try {
      if (!this.preserved) {
        const [existing] = await findMarkedComments(this.octokit, target);
        this.preserved = (existing?.body ?? '').split(/\r?\n/).filter((l) => HIDDEN_LINE.test(l.trim()) && l.trim() !== RUN_COMMENT_MARKER);
      }
      await upsertStickyComment(this.octokit, target, render([RUN_COMMENT_MARKER, ...this.preserved]));
    } catch (error) {
      const status = statusOf(error);
      const why = error instanceof Error ? error.message : String(error);
      if (status === 403 || status === 404) {
        this.disabled = true;
        this.options.warn(
          `plangate ralph: the run comment on #${this.target.issue} is not updated any more (${status === 403 ? 'the token cannot write to the issue' : 'no such issue'}); the job summary and the result file still are.`,
        );
      } else {
        this.options.warn(`plangate ralph: updating the run comment on #${this.target.issue} failed (${why}); the next step tries again.`);
      }
    }
  }
}
