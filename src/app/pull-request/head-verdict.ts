import { codeSpan } from '../../core/markdown-safe.js';
import { GATE_WORDS } from '../../render/verdict.js';
import type { Conclusion } from './check-run-outcome.js';
import type { JudgedPull } from './judge-pull-request.js';
import type { PullRequestTarget } from './pull-request-target.js';

/** failure blocks; neutral passes without judging everything (a waiver); success passed every check. */
const SEVERITY: Record<Conclusion, number> = { success: 0, neutral: 1, failure: 2 };
const ICON: Record<Conclusion, string> = { success: '✅', neutral: '⚪', failure: '❌' };

/**
 * The pull request whose verdict the head commit's check run shows: the worst one, so no pull
 * request shows a better verdict than its own. On a tie, the event's pull request, then the lowest number.
 */
export function worstPull(pulls: readonly JudgedPull[], trigger: PullRequestTarget): JudgedPull {
  const rank = (j: JudgedPull) => SEVERITY[j.conclusion] * 2 + (j.pull.number === trigger.number ? 1 : 0);
  return pulls.reduce((worst, j) => (rank(j) > rank(worst) ? j : worst));
}

/** "#8 → `main`": a pull request and its base branch (safe markdown). */
export function pullLabel(pull: PullRequestTarget): string {
  return pull.number === undefined ? 'this commit' : `#${pull.number} → ${codeSpan(pull.baseRef ?? '?', 100)}`;
}

/**
 * The check run summary's section naming each pull request the commit is the head of and its base
 * branch; with several, each one's verdict and which report follows.
 */
export function pullsSection(pulls: readonly JudgedPull[], shown: JudgedPull): string {
  const numbered = pulls.filter((j) => j.pull.number !== undefined);
  if (!numbered.length) return '';
  if (numbered.length === 1) return `Pull request ${pullLabel(numbered[0]!.pull)}.`;
  const rows = ['| pull request | base | verdict |', '| --- | --- | --- |'];
  for (const j of numbered) {
    const gate = j.report.checks.plans.status === 'skipped' ? '' : ` · planning gate ${GATE_WORDS[j.report.gate]}`;
    const counts = `${j.report.counts.error} error(s), ${j.report.counts.warning} warning(s)`;
    rows.push(`| #${j.pull.number} | ${codeSpan(j.pull.baseRef ?? '?', 100)} | ${ICON[j.conclusion]} ${j.conclusion}${gate} · ${counts} |`);
  }
  return [
    `**This commit is the head of ${numbered.length} open pull requests.** One check run answers for all of them, so it shows the worst verdict (failure, then neutral, then success). The report below is for ${pullLabel(shown.pull)}.`,
    '',
    ...rows,
  ].join('\n');
}

/** The check run's title: the shown pull request's, naming it when several share the commit. */
export function headTitle(title: string, pulls: readonly JudgedPull[], shown: JudgedPull): string {
  const numbered = pulls.filter((j) => j.pull.number !== undefined).length;
  if (numbered < 2 || shown.pull.number === undefined) return title;
  return `${title} — #${shown.pull.number} → ${(shown.pull.baseRef ?? '?').slice(0, 60)} (${numbered} pull requests share this commit)`;
}

/**
 * For the event's pull request's own comment: why the check on its commit is worse than its own
 * verdict (another pull request with the same head fails), or nothing.
 */
export function sharedHeadNote(own: JudgedPull, shown: JudgedPull): string {
  if (SEVERITY[shown.conclusion] <= SEVERITY[own.conclusion]) return '';
  return `⚠️ The \`plangate\` check on this commit is **${shown.conclusion}**, not this pull request's own **${own.conclusion}**: the commit is also the head of ${pullLabel(shown.pull)}, and one check run answers for every open pull request with this head commit (the worst verdict wins).`;
}
