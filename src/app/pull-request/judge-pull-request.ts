import type { CheckContext } from '../../core/check-context.js';
import type { ConfigProblem } from '../../core/config/problems.js';
import { changedLinesFromListing } from '../../core/diff-hunks.js';
import { codeSpan, escapeMarkdownText } from '../../core/markdown-safe.js';
import { parsePlanReference } from '../../core/plans/plan-reference.js';
import type { Report } from '../../core/report.js';
import { listChangedFiles } from '../../sources/github/list-changed-files.js';
import { listChangedPaths } from '../../sources/github/list-changed-paths.js';
import type { AppOctokit } from '../github/app-octokit.js';
import { loadAppliedLabels, type RefusedExemptLabel } from './applied-labels.js';
import { conclusionFor, type Conclusion } from './check-run-outcome.js';
import { bindWaivers, type ExemptLabeling, type Waiver } from './head-waivers.js';
import { evaluateOpened, type ReadyEvaluation } from './open-commit-evaluation.js';
import type { PullRequestTarget } from './pull-request-target.js';

/** One pull request's verdict on the head commit: its own base, body and labels. */
export interface JudgedPull {
  pull: PullRequestTarget;
  report: Report;
  conclusion: Conclusion;
  changedLines?: CheckContext['changedLines'];
  /** Exempt labels added by someone without the approvers' permission (removed and answered for the event's pull request). */
  refused: RefusedExemptLabel[];
  /** Waivers that count on this commit (recorded on its check run). */
  waivers: Waiver[];
  /** Safe markdown sections about this pull request's verdict (an exempt label given for another commit). */
  notes: string[];
}

export type PullJudgement = { ok: true; judged: JudgedPull } | { ok: false; problems: ConfigProblem[] };

export interface JudgeInputs {
  octokit: AppOctokit;
  opened: ReadyEvaluation;
  /** The event's pull request (or commit): which labeling or opening this delivery is. */
  trigger: PullRequestTarget;
  /** Waivers recorded on this commit's check run by earlier evaluations. */
  recorded: readonly Waiver[];
  /** Sets `context.now` to the commit's time when a check needs it (read once, beside the first prefetch). */
  readCommitTime(context: CheckContext): Promise<void>;
}

/**
 * The same evaluation as the CLI for one pull request whose head is the commit: its `Plan:` line,
 * its labels (an exempt one only when an approver added it, for this commit), and — when the
 * config needs them — the files and lines it changes against its own base branch.
 */
export async function judgePullRequest(pull: PullRequestTarget, inputs: JudgeInputs): Promise<PullJudgement> {
  const { opened } = inputs;
  const { context, refused, labelings } = await loadCheckContext(inputs.octokit, pull, opened);
  const { bound, stale } = bindWaivers(pull, inputs.trigger, labelings, inputs.recorded);
  if (stale.length) {
    const unbound = new Set(stale.map((l) => l.name));
    context.labels = (context.labels ?? []).filter((l) => !unbound.has(l.name));
  }
  const planRef = parsePlanReference(pull.body).plan;
  const result = await evaluateOpened(opened, { context, planRef, beside: () => inputs.readCommitTime(context) });
  if (!result.ok) return { ok: false, problems: result.problems };
  const report = result.report;
  return {
    ok: true,
    judged: {
      pull,
      report,
      conclusion: conclusionFor(report, opened.config),
      ...(context.changedLines ? { changedLines: context.changedLines } : {}),
      refused,
      waivers: pull.number === undefined ? [] : bound.map((l) => ({ pr: pull.number!, label: l.name.toLowerCase(), event: l.eventKey })),
      notes: stale.map(staleWaiverNote),
    },
  };
}

function staleWaiverNote(labeling: ExemptLabeling): string {
  return `ℹ️ The ${codeSpan(labeling.name, 60)} label (added by ${escapeMarkdownText(`@${labeling.by}`, 60)}) does not waive this commit: a waiver holds only for the head commit it was given for, and it was given before this commit was pushed. Remove the label and add it again to waive this commit.`;
}

/**
 * PR body, labels (exempt ones only when an approver added them, with who) and, when the config
 * needs them, changed files and lines; and the exempt labels that do not count.
 */
async function loadCheckContext(
  octokit: AppOctokit,
  target: PullRequestTarget,
  opened: ReadyEvaluation,
): Promise<{ context: CheckContext; refused: RefusedExemptLabel[]; labelings: ExemptLabeling[] }> {
  const { config } = opened;
  const applied = await loadAppliedLabels(octokit, target, config);
  const context: CheckContext = { labels: applied.labels };
  if (target.body !== undefined) context.prBody = target.body;
  const needsPaths = config.plans.require === 'when-changed' || config.plans.mustChangeInPr;
  if (config.failScope === 'changed' && target.number) {
    // Changed lines need the patches: the PR files listing (one request per 100 files).
    const changes = await listChangedFiles({ octokit, owner: target.owner, repo: target.repo, pullNumber: target.number });
    context.changedFiles = changes.paths;
    const changedLines = changedLinesFromListing(changes.files, changes.complete);
    if (changedLines) context.changedLines = changedLines;
  } else if (needsPaths && target.number && target.baseSha) {
    context.changedFiles = await listChangedPaths({
      octokit,
      owner: target.owner,
      repo: target.repo,
      base: target.baseSha,
      head: target.headSha,
      headEntries: opened.head.entries(),
      known: { commitSha: opened.base.commitSha, entries: opened.base.entries() },
    });
  }
  return { context, refused: applied.refused, labelings: applied.honoured };
}
