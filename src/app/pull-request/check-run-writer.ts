import type { OctokitLike } from '../../github/octokit-like.js';
import { createCheckRun } from '../github/create-check-run.js';
import { findCheckRun } from '../github/find-check-run.js';
import { listCheckRunAnnotations } from '../github/list-check-run-annotations.js';
import { updateCheckRun, type CheckRunAnnotation } from '../github/update-check-run.js';
import { annotationKey, batchAnnotations } from './check-run-annotations.js';
import type { CheckRunOutcome } from './check-run-outcome.js';
import { hasWaiversMarker, readWaivers, waiversMarker, type Waiver } from './head-waivers.js';
import { LIMITS } from '../../render/markdown.js';

export const CHECK_RUN_NAME = 'plangate';

export interface CheckRunTarget {
  owner: string;
  repo: string;
  headSha: string;
  appId: number;
}

/**
 * The one `plangate` check run of a commit: reused when this App already made one (a
 * redelivery, a re-run, another replica), created otherwise; `in_progress` while the
 * evaluation runs and always completed at the end — `fail` and `settle` see to that.
 * The waivers recorded on a reused run are kept in every summary it writes unless replaced
 * (`recordWaivers`), so a failed evaluation does not drop them.
 */
export class CheckRunWriter {
  private id?: number;
  private existingAnnotations = 0;
  private completed = false;
  private waivers: Waiver[] = [];

  constructor(
    private readonly octokit: OctokitLike,
    private readonly target: CheckRunTarget,
  ) {}

  get checkRunId(): number | undefined {
    return this.id;
  }

  /** The waivers recorded on the run this writer continues (read by `start`). */
  get recordedWaivers(): readonly Waiver[] {
    return this.waivers;
  }

  /** The waivers the next summary records (a summary that carries its own marker keeps that one). */
  recordWaivers(waivers: readonly Waiver[]): void {
    this.waivers = [...waivers];
  }

  /** Marks the run `in_progress` (reusing the commit's run if there is one). */
  async start(): Promise<void> {
    const existing = await this.findExisting();
    if (existing) {
      this.id = existing.id;
      this.existingAnnotations = existing.annotationsCount;
      await updateCheckRun(this.octokit, this.runTarget(), { status: 'in_progress' });
    } else {
      this.id = await createCheckRun(this.octokit, this.named(), { status: 'in_progress' });
    }
  }

  /**
   * Completes the run: annotations in batches of 50 (GitHub appends them; ones a reused run
   * already shows are not sent again), the conclusion with the last batch.
   */
  async complete(outcome: CheckRunOutcome, annotations: readonly CheckRunAnnotation[] = []): Promise<void> {
    if (this.id === undefined) {
      // Nothing started (e.g. the config was rejected): publish the result in one write.
      const existing = await this.findExisting();
      if (!existing && annotations.length <= 50) {
        this.id = await createCheckRun(this.octokit, this.named(), {
          conclusion: outcome.conclusion,
          output: { ...this.output(outcome), annotations: [...annotations] },
        });
        this.completed = true;
        return;
      }
      this.id = existing?.id ?? (await createCheckRun(this.octokit, this.named(), { status: 'in_progress' }));
      this.existingAnnotations = existing?.annotationsCount ?? 0;
    }
    const fresh = await this.withoutPosted(annotations);
    const batches = batchAnnotations(fresh);
    for (const [i, batch] of batches.entries()) {
      const last = i === batches.length - 1;
      await updateCheckRun(this.octokit, this.runTarget(), {
        ...(last ? { conclusion: outcome.conclusion } : {}),
        output: { ...this.output(outcome), ...(batch.length ? { annotations: batch } : {}) },
      });
    }
    this.completed = true;
  }

  /** Completes the run as neutral naming the failure (creating it if the failure came first). */
  async fail(outcome: CheckRunOutcome): Promise<void> {
    if (this.completed) return;
    if (this.id === undefined) {
      const existing = await this.findExisting().catch(() => undefined);
      if (existing) this.id = existing.id;
      else {
        this.id = await createCheckRun(this.octokit, this.named(), { conclusion: outcome.conclusion, output: this.output(outcome) });
        this.completed = true;
        return;
      }
    }
    await updateCheckRun(this.octokit, this.runTarget(), { conclusion: outcome.conclusion, output: this.output(outcome) });
    this.completed = true;
  }

  /** True when the run was started and never completed (the caller's `finally` must fail it). */
  get leftInProgress(): boolean {
    return this.id !== undefined && !this.completed;
  }

  private async withoutPosted(annotations: readonly CheckRunAnnotation[]): Promise<CheckRunAnnotation[]> {
    if (!this.existingAnnotations || !annotations.length) return [...annotations];
    const posted = new Set((await listCheckRunAnnotations(this.octokit, this.runTarget())).map(annotationKey));
    return annotations.filter((a) => !posted.has(annotationKey(a)));
  }

  private async findExisting() {
    const existing = await findCheckRun(this.octokit, { ...this.target, name: CHECK_RUN_NAME });
    if (existing) this.waivers = readWaivers(existing.summary);
    return existing;
  }

  private output(outcome: CheckRunOutcome) {
    const marker = waiversMarker(this.waivers);
    if (!marker || hasWaiversMarker(outcome.summary)) return { title: outcome.title, summary: outcome.summary };
    return { title: outcome.title, summary: `${marker}\n\n${outcome.summary}`.slice(0, LIMITS.checkRunSummary) };
  }

  private named() {
    return { owner: this.target.owner, repo: this.target.repo, headSha: this.target.headSha, name: CHECK_RUN_NAME };
  }

  private runTarget() {
    return { owner: this.target.owner, repo: this.target.repo, checkRunId: this.id! };
  }
}
