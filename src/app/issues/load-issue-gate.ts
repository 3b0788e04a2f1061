import type { ConfigProblem } from '../../core/config/problems.js';
import type { ResolvedConfig } from '../../core/config/resolve-config.js';
import { parsePlanReference } from '../../core/plans/plan-reference.js';
import type { PlansGateDetails } from '../../core/report.js';
import { statusOf } from '../../github/octokit-like.js';
import { getBranchHead } from '../github/get-branch-head.js';
import { evaluateOpened, openCommitEvaluation } from '../pull-request/open-commit-evaluation.js';
import type { IssueSession } from './issue-session.js';

export type IssueGate =
  | { kind: 'skipped'; reason: string }
  | { kind: 'problems'; problems: ConfigProblem[]; file: string }
  | {
      kind: 'gate';
      config: ResolvedConfig;
      /** The plans check's gate; undefined when it could not run (disabled, or the `Branch:` is missing). */
      gate?: PlansGateDetails;
      /** What else blocks, plain text (error findings the overlay does not already name). */
      problems: string[];
      /** Where the gate was evaluated, for people: `main (1a2b3c4)`. */
      where: string;
      /** The commit it was evaluated at: a run it unlocks is pinned to it. */
      commit: string;
    };

/** Findings the BLOCKED overlay already says in its "Missing:" line (a missing test spec names the file that would match, so it stays). */
const NAMED_BY_OVERLAY = new Set(['plans/missing_prd']);

/**
 * The plans gate for a label-driven run or a command (docs/approval.md, "Labels"), through the same
 * snapshot and config loading as a PR: the default branch, or the branch an issue names with
 * `Branch:`, or the PR's head on a PR; the plan the body names with `Plan:` (or `planPath`,
 * from `/plangate approve <path>`). Config always comes from the default branch.
 */
export async function loadIssueGate(
  session: IssueSession,
  input: { body: string; planPath?: string; pullHeadSha?: string },
): Promise<IssueGate> {
  const { owner, repo } = session.target;
  const [baseSha, source] = await Promise.all([session.defaultBranchSha(), session.configSource()]);
  const reference = parsePlanReference(input.body);
  let headSha = baseSha;
  let where = `${session.target.defaultBranch} (${baseSha.slice(0, 7)})`;
  if (input.pullHeadSha) {
    headSha = input.pullHeadSha;
    where = `the pull request head (${headSha.slice(0, 7)})`;
  } else if (reference.branch && reference.branch !== session.target.defaultBranch) {
    try {
      headSha = await getBranchHead(session.octokit, { owner, repo, branch: reference.branch });
      where = `${reference.branch} (${headSha.slice(0, 7)})`;
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
      const opened = await openCommitEvaluation(session.octokit, session.deps.runtime.blobCache, {
        owner,
        repo,
        headSha: baseSha,
        baseSha,
        source,
      });
      if (opened.kind === 'problems') return opened;
      if (opened.kind === 'skipped' && !opened.config) return { kind: 'skipped', reason: opened.reason };
      return {
        kind: 'gate',
        config: opened.config!,
        problems: [`the branch ${reference.branch} named by the issue's Branch: line does not exist`],
        where: reference.branch,
        commit: baseSha,
      };
    }
  }
  const opened = await openCommitEvaluation(session.octokit, session.deps.runtime.blobCache, { owner, repo, headSha, baseSha, source });
  if (opened.kind === 'problems') return opened;
  // A config that enables no check is still a config: its ralph label gets an answer, not silence.
  if (opened.kind === 'skipped')
    return opened.config ? plansNotEnabled(opened.config, where, headSha) : { kind: 'skipped', reason: opened.reason };
  if (!opened.config.enabledChecks.includes('plans')) return plansNotEnabled(opened.config, where, headSha);
  const planRef = input.planPath ?? reference.plan;
  const prBody = input.planPath ? `Plan: ${input.planPath}` : input.body;
  const result = await evaluateOpened(opened, { context: { prBody }, checks: ['plans'], ...(planRef ? { planRef } : {}) });
  if (!result.ok) return { kind: 'problems', problems: result.problems, file: opened.configFile };
  const problems = result.report.findings
    .filter((f) => f.severity === 'error' && !NAMED_BY_OVERLAY.has(f.ruleId))
    .map((f) => `${f.file ? `${f.file}: ` : ''}${f.message}`);
  const gate = result.report.details.plans;
  return { kind: 'gate', config: opened.config, problems, where, commit: headSha, ...(gate ? { gate } : {}) };
}

function plansNotEnabled(config: ResolvedConfig, where: string, commit: string): IssueGate {
  return { kind: 'gate', config, problems: ['the plans check is not enabled in the plangate config'], where, commit };
}
