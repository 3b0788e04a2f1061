import { CHECK_NAMES, type Finding } from '../core/finding.js';
import type { Report } from '../core/report.js';
import { safeLogLine, showControlCharacters } from '../core/terminal-safe.js';
import type { ChangedLines } from '../core/check-context.js';
import { nextStep } from './next-step.js';
import { verdictOf } from './verdict.js';
import { pushAll } from '../core/push-all.js';

export interface TextOptions {
  color: boolean;
  /** List every notice (`plangate check --notices`); by default they are counted by rule in one line. */
  notices?: boolean;
  /** The command that runs the check again, for the closing `next:` line of a failing report (default `plangate check`). */
  rerun?: string;
  /** Lines the change touched (with `--base`): errors elsewhere were there before it. */
  changedLines?: ChangedLines;
}

const CODES = { red: 31, yellow: 33, cyan: 36, green: 32, dim: 2, bold: 1 } as const;
type Paint = (code: keyof typeof CODES, s: string) => string;

/**
 * Human-readable report for a terminal. The first line is the overall result (it agrees with the
 * exit code); then the planning gate on its own line, the layout and why, and the config's origin;
 * then the errors and warnings (notices counted by rule unless asked for), and a failing report
 * ends with what to do next. Colour only when asked (the CLI asks on a TTY).
 */
export function renderText(report: Report, options: TextOptions = { color: false }): string {
  const paint: Paint = (code, s) => (options.color ? `\u001b[${CODES[code]}m${s}\u001b[0m` : s);
  const safe = showControlCharacters;
  const verdict = verdictOf(report);
  const lines: string[] = [];
  lines.push(`${paint('bold', 'plangate:')} ${paint(verdict.result === 'pass' ? 'green' : 'red', verdict.headline)}`);
  const plans = report.details.plans;
  const gateColour = verdict.gate === 'BLOCKED' ? 'red' : verdict.gate === 'UNLOCKED' ? 'green' : 'dim';
  const where = plans && report.gate !== 'not-checked' ? ` (${plans.layout} layout, ${safe(plans.dir)})` : '';
  lines.push(`planning gate: ${paint(gateColour, verdict.gate)}${where}`);
  if (plans?.reason && verdict.gate === 'NOT REQUIRED') lines.push(`  why not: ${safe(plans.reason)}`);
  if (plans?.requiredBecause && verdict.gate !== 'NOT REQUIRED') lines.push(`  required because: ${safe(plans.requiredBecause)}`);
  if (plans?.missing.length && verdict.gate === 'BLOCKED') lines.push(`  missing: ${plans.missing.map(safe).join(', ')}`);
  pushAll(lines, setupLines(report));
  lines.push('');
  for (const name of CHECK_NAMES) {
    const c = report.checks[name];
    const status = c.status === 'fail' ? paint('red', 'fail') : c.status === 'pass' ? paint('green', 'pass') : paint('dim', 'skipped');
    const counts = c.status === 'skipped' ? '' : `  ${c.errors} error(s), ${c.warnings} warning(s), ${c.notices} notice(s)`;
    lines.push(`  ${name.padEnd(8)} ${status}${counts}`);
  }
  const listed = options.notices ? report.findings : report.findings.filter((f) => f.severity !== 'notice');
  if (listed.length) lines.push('');
  for (const f of listed) lines.push(formatFinding(f, paint));
  const folded = options.notices ? '' : foldedNotices(report.findings);
  if (folded) lines.push('', paint('cyan', folded));
  lines.push('');
  const summary = `${report.counts.error} error(s), ${report.counts.warning} warning(s), ${report.counts.notice} notice(s)`;
  const extra = [
    report.suppressed ? `${report.suppressed} suppressed` : '',
    report.scanned.files ? `${report.scanned.files} file(s) scanned` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  lines.push(extra ? `${summary} · ${extra}` : summary);
  for (const note of report.details.notes ?? []) lines.push(paint('dim', `note: ${safe(note)}`));
  const next = nextStep(report, { rerun: options.rerun ?? 'plangate check', changedLines: options.changedLines });
  if (next) lines.push('', `${paint('bold', 'next:')} ${safeLogLine(next)}`);
  return `${lines.join('\n')}\n`;
}

/** `notices: 500 not listed (412 skills/unknown_frontmatter_key, 88 S003); --notices lists them`, or nothing. */
function foldedNotices(findings: readonly Finding[]): string {
  const byRule = new Map<string, number>();
  for (const f of findings) if (f.severity === 'notice') byRule.set(f.ruleId, (byRule.get(f.ruleId) ?? 0) + (f.more ?? 1));
  if (!byRule.size) return '';
  const total = [...byRule.values()].reduce((a, b) => a + b, 0);
  const rules = [...byRule]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([rule, n]) => `${n} ${showControlCharacters(rule)}`)
    .join(', ');
  return `notices: ${total} not listed (${rules}); \`--notices\` lists them`;
}

/** Which layout was detected and why, what discovery found, and where the config came from. */
function setupLines(report: Report): string[] {
  const setup = report.setup;
  const safe = showControlCharacters;
  if (!setup) return [];
  const layout = setup.presets.length ? setup.presets.map((p) => `${p.name} (${safe(p.because)})`).join(', ') : 'no planning tool detected';
  const lines = [`layout: ${layout}`];
  for (const miss of setup.nearMisses) lines.push(`  not detected: ${safe(miss)}`);
  lines.push(`found: ${safe(setup.discovered)}`);
  lines.push(`config: ${safe(setup.configOrigin)}${setup.configFile === undefined ? ' (no config file; `plangate init` writes one)' : ''}`);
  return lines;
}

function formatFinding(f: Finding, paint: Paint): string {
  const colour = f.severity === 'error' ? 'red' : f.severity === 'warning' ? 'yellow' : 'cyan';
  const where = f.file ? `${showControlCharacters(f.file)}${f.line ? `:${f.line}${f.column ? `:${f.column}` : ''}` : ''}` : '(repository)';
  const level = f.level ? ` [${f.level}]` : '';
  const head = `${paint(colour, f.severity.padEnd(7))} ${showControlCharacters(f.ruleId)}${level}  ${where}`;
  const help = f.help ? `\n          ${paint('dim', `fix: ${showControlCharacters(f.help)}`)}` : '';
  // The message line starts with spaces, which the runner skips when it looks for `::command`.
  return `${head}\n          ${safeLogLine(f.message)}${help}`;
}
