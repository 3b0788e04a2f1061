import type { ChangedLines } from '../../core/check-context.js';
import type { ConfigProblem } from '../../core/config/problems.js';
import type { ResolvedConfig } from '../../core/config/resolve-config.js';
import { codeSpan, escapeMarkdownText } from '../../core/markdown-safe.js';
import { exitCodeFor, type Report } from '../../core/report.js';
import { LIMITS, renderMarkdown } from '../../render/markdown.js';
import { verdictLine } from '../../render/verdict.js';
import type { EvaluationFailure } from './evaluation-failure.js';

export type Conclusion = 'success' | 'failure' | 'neutral';

export interface CheckRunOutcome {
  conclusion: Conclusion;
  title: string;
  summary: string;
}

/**
 * success / failure as the CLI's exit code says; neutral when nothing was required (the plans
 * gate was waived and no other check ran), so a waived gate neither blocks nor claims a pass.
 */
export function conclusionFor(report: Report, config: ResolvedConfig): Conclusion {
  if (exitCodeFor(report) === 1) return 'failure';
  const required = config.enabledChecks.filter((c) => !(c === 'plans' && report.gate === 'not-required'));
  return required.length ? 'success' : 'neutral';
}

export function reportOutcome(
  report: Report,
  config: ResolvedConfig,
  options: {
    omittedAnnotations: number;
    changedLines?: ChangedLines;
    /** Kept at the very top (the check run's hidden record). */
    header?: string;
    /** Safe markdown sections after the checks table (the pull requests this commit is the head of). */
    extraSections?: readonly string[];
  },
): CheckRunOutcome {
  const conclusion = conclusionFor(report, config);
  const warnings = report.counts.warning ? ` · ${report.counts.warning} warning(s)` : '';
  const title = `${verdictLine(report)}${warnings}`;
  const extra: string[] = (options.extraSections ?? []).filter(Boolean);
  if (options.omittedAnnotations > 0) {
    extra.push(
      `ℹ️ ${options.omittedAnnotations} more finding(s) with a file are not annotated (GitHub annotations are capped); they are all listed below as far as the summary allows.`,
    );
  }
  const summary = renderMarkdown(report, {
    maxLength: LIMITS.checkRunSummary,
    ...(options.header ? { header: options.header } : {}),
    extraSections: extra,
    changedLines: options.changedLines,
    changeLabel: 'this pull request',
    fullReport: 'the JSON report of `plangate check --base <base branch> --format json`, run on a checkout of this commit',
  });
  return { conclusion, title, summary };
}

/**
 * A rejected config: the evaluation cannot run, so the check fails (a required check must not
 * pass unchecked), every problem listed. The repo's owners fix it on the default branch.
 */
export function configProblemsOutcome(problems: readonly ConfigProblem[], origin: string): CheckRunOutcome {
  const rows = ['| where | key | problem | expected | got |', '| --- | --- | --- | --- | --- |'];
  for (const p of problems) {
    const where = `${p.file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}`;
    rows.push(
      `| ${codeSpan(where, 160)} | ${p.path ? codeSpan(p.path, 120) : '—'} | ${escapeMarkdownText(p.message, 300)} | ${escapeMarkdownText(p.expected, 200)} | ${escapeMarkdownText(p.got, 200)} |`,
    );
  }
  const summary = [
    '### plangate: the config was rejected',
    '',
    `The config (${escapeMarkdownText(origin, 200)}) has ${problems.length} problem(s), so nothing was checked, and the \`plangate\` check fails until it is fixed: a required check that cannot evaluate must not pass. A config is applied whole or not at all; fix it on the default branch, then re-run the check (re-running is safe).`,
    '',
    ...rows,
  ].join('\n');
  return {
    conclusion: 'failure',
    title: `Could not evaluate: the config was rejected (${problems.length} problem(s)); fix it, then re-run`,
    summary: clipSummary(summary),
  };
}

/**
 * An evaluation that could not finish: `failure`, because GitHub counts `neutral` as passing
 * for a required check. Only a GitHub outage with `app.onError: neutral` in the config (an
 * explicit opt-in that weakens the check) is neutral.
 */
export function failureOutcome(failure: EvaluationFailure, onError: 'fail' | 'neutral' = 'fail'): CheckRunOutcome {
  const failOpen = failure.outage && onError === 'neutral';
  const verdict = failOpen
    ? 'The config sets `app.onError: neutral`, so a GitHub outage does not block: this check is **neutral**, which GitHub counts as passing for a required check. Nothing about this commit was judged.'
    : 'Nothing about this commit was judged, and this check **fails**: a required check that cannot evaluate must not pass (GitHub counts `neutral` as passing).';
  const summary = [
    '### plangate could not evaluate this commit',
    '',
    `- ${escapeMarkdownText(failure.description, 1000)}`,
    '',
    verdict,
    '',
    'Re-running is safe: use *Re-run* on the Checks tab, or push again. If it keeps failing, please report it.',
  ].join('\n');
  return {
    conclusion: failOpen ? 'neutral' : 'failure',
    title: `Could not evaluate: ${failure.reason.slice(0, 160)}; re-running is safe`,
    summary,
  };
}

function clipSummary(text: string): string {
  if (text.length <= LIMITS.checkRunSummary) return text;
  const cut = text.slice(0, LIMITS.checkRunSummary - 80);
  return `${cut.slice(0, cut.lastIndexOf('\n'))}\n\n… more problems not shown.`;
}
