import type { ConfigProblem } from '../../core/config/problems.js';
import type { ResolvedConfig } from '../../core/config/resolve-config.js';
import { codeSpan, escapeMarkdownText } from '../../core/markdown-safe.js';
import { exitCodeFor, type Report } from '../../core/report.js';
import { LIMITS, renderMarkdown } from '../../render/markdown.js';

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

export function reportOutcome(report: Report, config: ResolvedConfig, options: { omittedAnnotations: number; blobUrl?: string }): CheckRunOutcome {
  const conclusion = conclusionFor(report, config);
  const gate = report.gate === 'blocked' ? 'BLOCKED' : report.gate === 'unlocked' ? 'UNLOCKED' : 'not required';
  const title = `Plan gate ${gate}: ${report.counts.error} error(s), ${report.counts.warning} warning(s)`;
  const extra: string[] = [];
  if (options.omittedAnnotations > 0) {
    extra.push(`ℹ️ ${options.omittedAnnotations} more finding(s) with a file are not annotated (GitHub annotations are capped); they are all listed below as far as the summary allows.`);
  }
  const summary = renderMarkdown(report, { maxLength: LIMITS.checkRunSummary, extraSections: extra, blobUrl: options.blobUrl });
  return { conclusion, title, summary };
}

/** A rejected config: neutral (the repo's owners must fix it; a PR cannot), every problem listed. */
export function configProblemsOutcome(problems: readonly ConfigProblem[], origin: string): CheckRunOutcome {
  const rows = ['| where | key | problem | expected | got |', '| --- | --- | --- | --- | --- |'];
  for (const p of problems) {
    const where = `${p.file}${p.line ? `:${p.line}${p.column ? `:${p.column}` : ''}` : ''}`;
    rows.push(`| ${codeSpan(where, 160)} | ${p.path ? codeSpan(p.path, 120) : '—'} | ${escapeMarkdownText(p.message, 300)} | ${escapeMarkdownText(p.expected, 200)} | ${escapeMarkdownText(p.got, 200)} |`);
  }
  const summary = [
    '### plangate: the config was rejected',
    '',
    `The config (${escapeMarkdownText(origin, 200)}) has ${problems.length} problem(s), so nothing was checked. A config is applied whole or not at all; fix it on the default branch.`,
    '',
    ...rows,
  ].join('\n');
  return { conclusion: 'neutral', title: `Config rejected: ${problems.length} problem(s)`, summary: clipSummary(summary) };
}

/** An evaluation that could not finish: neutral (it does not block), naming what failed. */
export function failureOutcome(description: string): CheckRunOutcome {
  const summary = [
    '### plangate could not evaluate this commit',
    '',
    `- ${escapeMarkdownText(description, 1000)}`,
    '',
    'The check is neutral so it does not block the pull request. Re-run it from the Checks tab, or push again; if it keeps failing, please report it.',
  ].join('\n');
  return { conclusion: 'neutral', title: 'Could not evaluate (internal error)', summary };
}

function clipSummary(text: string): string {
  if (text.length <= LIMITS.checkRunSummary) return text;
  const cut = text.slice(0, LIMITS.checkRunSummary - 80);
  return `${cut.slice(0, cut.lastIndexOf('\n'))}\n\n… more problems not shown.`;
}
