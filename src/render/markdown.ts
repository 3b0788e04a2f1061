import { CHECK_NAMES, type Finding } from '../core/finding.js';
import { codeSpan, escapeMarkdownText, renderMessage } from '../core/markdown-safe.js';
import { renderGateOverlay } from '../core/plans/gate-overlay.js';
import type { Report, ReportSetup } from '../core/report.js';
import { verdictOf } from './verdict.js';
import { renderMermaid } from './mermaid.js';

/** GitHub's limits: an issue/PR comment, a check-run summary, a job summary. */
export const LIMITS = { comment: 65_536, checkRunSummary: 65_535, jobSummary: 1_048_576 } as const;

export interface MarkdownOptions {
  /** Upper bound on the body length in characters (use LIMITS). */
  maxLength: number;
  /** Text that must stay at the top (e.g. the hidden sticky-comment marker). */
  header?: string;
  /** Extra sections the adapter adds (approval table, run links); already safe markdown. */
  extraSections?: string[];
  /** Where findings link to (blob URL prefix ending with `/`), when known. */
  blobUrl?: string;
}

const MAX_GRAPH_PICTURES = 3;
const SEVERITY_ICON = { error: '🛑 error', warning: '⚠️ warning', notice: 'ℹ️ notice' } as const;

/** The comment / job-summary body; never longer than `maxLength`, truncated with "N more findings". */
export function renderMarkdown(report: Report, options: MarkdownOptions): string {
  const head: string[] = [];
  if (options.header) head.push(options.header);
  const verdict = verdictOf(report);
  head.push(`### ${verdict.result === 'pass' ? '✅' : '❌'} plangate: ${verdict.headline}`, '');
  if (report.details.plans && verdict.gate !== 'NOT CHECKED') head.push(renderGateOverlay(report.details.plans), '');
  else head.push(`**Ralph Ralplan-First Gate:** ${verdict.gate}`, '');
  if (report.setup) head.push(`<sub>${setupLine(report.setup)}</sub>`, '');
  head.push(checksTable(report), '');
  for (const section of options.extraSections ?? []) head.push(section, '');

  const footer: string[] = [];
  const summaryBits = [`${report.counts.error} error(s), ${report.counts.warning} warning(s), ${report.counts.notice} notice(s)`];
  if (report.suppressed) summaryBits.push(`${report.suppressed} suppressed`);
  if (report.scanned.files) summaryBits.push(`${report.scanned.files} file(s) scanned`);
  footer.push('', `<sub>${summaryBits.join(' · ')}</sub>`);

  const graphs = (report.details.graphs ?? []).slice(0, MAX_GRAPH_PICTURES).map((g) =>
    ['<details><summary>Task graph: ' + escapeMarkdownText(g.title, 120) + '</summary>', '', '```mermaid', renderMermaid(g), '```', '', '</details>'].join('\n'),
  );

  const fixed = head.join('\n') + footer.join('\n');
  let budget = options.maxLength - fixed.length - 200;
  const graphText: string[] = [];
  for (const g of graphs) {
    if (g.length + 2 > budget / 2) break;
    graphText.push(g);
    budget -= g.length + 2;
  }
  const findingsText = renderFindings(report.findings, budget, options.blobUrl);
  return [head.join('\n'), findingsText, graphText.join('\n\n'), footer.join('\n')].filter(Boolean).join('\n\n');
}

/** Which layout was detected and why, what was found, where the config came from. */
function setupLine(setup: ReportSetup): string {
  const layout = setup.presets.length ? setup.presets.map((p) => `${p.name} (${p.because})`).join(', ') : 'no planning tool detected';
  return [`layout: ${layout}`, `found: ${setup.discovered}`, `config: ${setup.configOrigin}`].map((part) => renderMessage(part, 600)).join(' · ');
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

function renderFindings(findings: readonly Finding[], budget: number, blobUrl?: string): string {
  if (!findings.length) return '';
  const header = ['#### Findings', '', '| severity | rule | where | message |', '| --- | --- | --- | --- |'];
  let text = header.join('\n');
  let shown = 0;
  for (const f of findings) {
    const row = `\n| ${SEVERITY_ICON[f.severity]}${f.level ? ` ${f.level}` : ''} | ${codeSpan(f.ruleId, 80)} | ${location(f, blobUrl)} | ${renderMessage(f.message, 400)} |`;
    if (text.length + row.length + 80 > budget) break;
    text += row;
    shown++;
  }
  const rest = findings.length - shown;
  if (rest > 0) text += `\n\n… ${rest} more finding${rest === 1 ? '' : 's'} not shown (see the check run, job summary or JSON report).`;
  return text;
}

function location(f: Finding, blobUrl?: string): string {
  if (!f.file) return '—';
  const where = `${f.file}${f.line ? `:${f.line}` : ''}`;
  const span = codeSpan(where, 120);
  if (!blobUrl || !f.line) return span;
  const url = `${blobUrl}${f.file.split('/').map(encodeURIComponent).join('/')}#L${f.line}`;
  return `[${span}](${url.replace(/[()]/g, encodeURIComponent)})`;
}
