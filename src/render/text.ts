import { CHECK_NAMES, type Finding } from '../core/finding.js';
import type { Report } from '../core/report.js';
import { escapeControlCharacters } from '../core/markdown-safe.js';

export interface TextOptions {
  color: boolean;
}

const CODES = { red: 31, yellow: 33, cyan: 36, green: 32, dim: 2, bold: 1 } as const;

/** Human-readable report for a terminal. Colour only when asked (the CLI asks on a TTY). */
export function renderText(report: Report, options: TextOptions = { color: false }): string {
  const paint = (code: keyof typeof CODES, s: string) => (options.color ? `\u001b[${CODES[code]}m${s}\u001b[0m` : s);
  const lines: string[] = [];
  const gateColour = report.gate === 'blocked' ? 'red' : report.gate === 'unlocked' ? 'green' : 'dim';
  lines.push(`${paint('bold', 'plangate')} — planning gate: ${paint(gateColour, report.gate.toUpperCase())}`);
  for (const name of CHECK_NAMES) {
    const c = report.checks[name];
    const status = c.status === 'fail' ? paint('red', 'fail') : c.status === 'pass' ? paint('green', 'pass') : paint('dim', 'skipped');
    const counts = c.status === 'skipped' ? '' : `  ${c.errors} error(s), ${c.warnings} warning(s), ${c.notices} notice(s)`;
    lines.push(`  ${name.padEnd(8)} ${status}${counts}`);
  }
  if (report.findings.length) lines.push('');
  for (const f of report.findings) lines.push(formatFinding(f, paint));
  lines.push('');
  const summary = `${report.counts.error} error(s), ${report.counts.warning} warning(s), ${report.counts.notice} notice(s)`;
  const extra = [report.suppressed ? `${report.suppressed} suppressed` : '', report.scanned.files ? `${report.scanned.files} file(s) scanned` : '']
    .filter(Boolean)
    .join(' · ');
  lines.push(extra ? `${summary} · ${extra}` : summary);
  for (const note of report.details.notes ?? []) lines.push(paint('dim', `note: ${escapeControlCharacters(note)}`));
  return `${lines.join('\n')}\n`;
}

function formatFinding(f: Finding, paint: (code: keyof typeof CODES, s: string) => string): string {
  const colour = f.severity === 'error' ? 'red' : f.severity === 'warning' ? 'yellow' : 'cyan';
  const where = f.file ? `${escapeControlCharacters(f.file)}${f.line ? `:${f.line}${f.column ? `:${f.column}` : ''}` : ''}` : '(repository)';
  const level = f.level ? ` [${f.level}]` : '';
  const head = `${paint(colour, f.severity.padEnd(7))} ${f.ruleId}${level}  ${where}`;
  const help = f.help ? `\n          ${paint('dim', `fix: ${escapeControlCharacters(f.help)}`)}` : '';
  return `${head}\n          ${escapeControlCharacters(f.message)}${help}`;
}
