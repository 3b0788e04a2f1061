import type { ChangedLines } from '../../core/check-context.js';
import { CHECK_NAMES, type Finding } from '../../core/finding.js';
import { escapeMarkdownText, renderMessage } from '../../core/markdown-safe.js';
import { renderGateOverlay } from '../../core/plans/gate-overlay.js';
import type { Report, ReportSetup } from '../../core/report.js';
import { nextStep } from '../next-step.js';
import { verdictOf } from '../verdict.js';
import { renderMermaid } from '../mermaid.js';
import { countWords, renderFindingList } from './render-finding-list.js';
import { splitByChange } from './split-by-change.js';

export interface MarkdownOptions {
  /** Upper bound on the body length in characters (use LIMITS). */
  maxLength: number;
  /** Text that must stay at the top (e.g. the hidden sticky-comment marker). */
  header?: string;
  /** Extra sections the adapter adds (approval table, run links); already safe markdown. */
  extraSections?: string[];
  /** Lines the change adds or edits: findings elsewhere are shown as pre-existing. Unknown → one list. */
  changedLines?: ChangedLines;
  /** What the change is called in headings: `this pull request` (default `this change`). */
  changeLabel?: string;
  /** Where every finding can be read when this body cannot hold them all (safe markdown, e.g. a link to the check run). */
  fullReport?: string;
  /** The command that runs the check again, for the closing "Next" line of a failing report (default `plangate check`). */
  rerun?: string;
}

const MAX_GRAPH_PICTURES = 3;
/** The overlay says the report's gate state (its words are GATE_WORDS'), whatever the details carried. */
const OVERLAY_STATUS = { unlocked: 'UNLOCKED', blocked: 'BLOCKED', 'not-required': 'NOT_REQUIRED', 'not-checked': 'NOT_REQUIRED' } as const;
/** Room kept for the closing lines (counts, "N more findings not shown …"). */
const FOOTER_ROOM = 1300;
const DEFAULT_FULL_REPORT = 'the JSON report (`plangate check --format json`)';

/**
 * The comment / job-summary body: the overall result first, then the plan gate and the checks,
 * then what this change brought (grouped by check and file, each rule explained once), with
 * notices and pre-existing findings folded. Never longer than `maxLength`; what does not fit is
 * counted with a pointer to the full report.
 */
export function renderMarkdown(report: Report, options: MarkdownOptions): string {
  // Each file and line links to the commit that was checked, when the entry point said where that is.
  const links = report.details.sourceLinks;
  const head = headOf(report, options);
  let budget = options.maxLength - head.length - FOOTER_ROOM;
  const parts: string[] = [head];
  let shown = 0;
  const explained = new Set<string>();
  for (const section of sectionsOf(report.findings, options.changedLines, options.changeLabel ?? 'this change')) {
    if (budget < 400) break;
    const list = renderFindingList(section.findings, budget - 300, links, explained);
    if (!list.shown) break;
    const cut = section.findings.length - list.shown;
    const more = cut > 0 ? `\n\n… ${cut} more in this part not shown.` : '';
    const text = section.folded
      ? `<details><summary>${section.title}</summary>\n\n${list.text}${more}\n\n</details>`
      : `${section.title}\n\n${list.text}${more}`;
    parts.push(text);
    budget -= text.length + 2;
    shown += list.shown;
    if (cut > 0) break;
  }
  const graphs = graphsOf(report, budget);
  if (graphs) parts.push(graphs);
  const fullReport = options.fullReport ?? DEFAULT_FULL_REPORT;
  const next = nextLine(report, options);
  const body = [...parts, footerOf(report, report.findings.length - shown, fullReport), ...next].join('\n\n');
  if (body.length <= options.maxLength) return body;
  // Only an adapter's own sections can be this long: the verdict, the pointer and what to do next still fit.
  return [headOf(report, { ...options, extraSections: [] }), footerOf(report, report.findings.length, fullReport), ...next]
    .join('\n\n')
    .slice(0, options.maxLength);
}

/** A failing report's last line: the one thing to do next. */
function nextLine(report: Report, options: MarkdownOptions): string[] {
  const next = nextStep(report, { rerun: options.rerun ?? 'plangate check', changedLines: options.changedLines });
  return next ? [`**Next:** ${renderMessage(next, 600)}`] : [];
}

function headOf(report: Report, options: MarkdownOptions): string {
  const head: string[] = [];
  if (options.header) head.push(options.header);
  const verdict = verdictOf(report);
  head.push(`### ${verdict.result === 'pass' ? '✅' : '❌'} plangate: ${verdict.headline}`, '');
  // A repository with plans sees the overlay its planning tool shows (oh-my-codex's words); one without, one plain line.
  if (report.details.plans && report.gate !== 'not-checked')
    head.push(renderGateOverlay({ ...report.details.plans, status: OVERLAY_STATUS[report.gate] }), '');
  else head.push(`**Planning gate:** ${verdict.gate}${report.gate === 'not-checked' ? ' (the plans check did not run)' : ''}`, '');
  head.push(checksTable(report), '');
  if (report.setup) head.push(`<sub>${setupLine(report.setup)}</sub>`, '');
  for (const section of options.extraSections ?? []) head.push(section, '');
  return head.join('\n').trimEnd();
}

interface Section {
  title: string;
  findings: Finding[];
  folded: boolean;
}

/** New errors and warnings open, then new notices, then what was there before, both folded. */
function sectionsOf(findings: readonly Finding[], changedLines: ChangedLines | undefined, change: string): Section[] {
  const split = splitByChange(findings, changedLines);
  const loud = split.fresh.filter((f) => f.severity !== 'notice');
  const quiet = split.fresh.filter((f) => f.severity === 'notice');
  const sections: Section[] = [];
  if (loud.length)
    sections.push({
      title: `#### ${split.known ? `🆕 New in ${change}` : 'Findings'} · ${countWords(loud)}`,
      findings: loud,
      folded: false,
    });
  if (quiet.length)
    sections.push({ title: `ℹ️ ${split.known ? 'New notices' : 'Notices'}: ${quiet.length}`, findings: quiet, folded: true });
  if (split.existing.length) {
    sections.push({
      title: `📦 Pre-existing, on lines ${change} does not touch: ${countWords(split.existing)}`,
      findings: split.existing,
      folded: true,
    });
  }
  return sections;
}

/** Which layout was detected and why, what was found, where the config came from. */
function setupLine(setup: ReportSetup): string {
  const layout = setup.presets.length ? setup.presets.map((p) => `${p.name} (${p.because})`).join(', ') : 'no planning tool detected';
  return [`layout: ${layout}`, `found: ${setup.discovered}`, `config: ${setup.configOrigin}`]
    .map((part) => renderMessage(part, 600))
    .join(' · ');
}

function checksTable(report: Report): string {
  const rows = ['| check | status | errors | warnings | notices |', '| --- | --- | ---: | ---: | ---: |'];
  for (const name of CHECK_NAMES) {
    const c = report.checks[name];
    const status = c.status === 'fail' ? '❌ fail' : c.status === 'pass' ? '✅ pass' : '— skipped';
    rows.push(`| ${name} | ${status} | ${c.errors} | ${c.warnings} | ${c.notices} |`);
  }
  return rows.join('\n');
}

/** Task-graph pictures, folded, each only when it takes at most half of what is left. */
function graphsOf(report: Report, budget: number): string {
  const kept: string[] = [];
  let left = budget;
  for (const g of (report.details.graphs ?? []).slice(0, MAX_GRAPH_PICTURES)) {
    const text = [
      '<details><summary>Task graph: ' + escapeMarkdownText(g.title, 120) + '</summary>',
      '',
      '```mermaid',
      renderMermaid(g),
      '```',
      '',
      '</details>',
    ].join('\n');
    if (text.length + 2 > left / 2) break;
    kept.push(text);
    left -= text.length + 2;
  }
  return kept.join('\n\n');
}

function footerOf(report: Report, notShown: number, fullReport: string): string {
  const bits = [`${report.counts.error} error(s), ${report.counts.warning} warning(s), ${report.counts.notice} notice(s)`];
  if (report.suppressed) bits.push(`${report.suppressed} suppressed`);
  if (report.scanned.files) bits.push(`${report.scanned.files} file(s) scanned`);
  const lines =
    notShown > 0 ? [`… ${notShown} more finding${notShown === 1 ? '' : 's'} not shown here: every finding is in ${fullReport}.`, ''] : [];
  return [...lines, `<sub>${bits.join(' · ')}</sub>`].join('\n');
}
