import { CHECK_NAMES, type Finding } from '../core/finding.js';
import { overallResult, type Report } from '../core/report.js';

/** The documented JSON contract (docs/cli.md, "JSON"): stable keys, stable order, nothing machine-specific. */
export function toJsonReport(report: Report): Record<string, unknown> {
  const checks: Record<string, unknown> = {};
  for (const name of CHECK_NAMES) {
    const c = report.checks[name];
    checks[name] = { status: c.status, errors: c.errors, warnings: c.warnings, notices: c.notices };
  }
  return {
    version: report.version,
    tool: report.tool,
    result: overallResult(report),
    gate: report.gate,
    checks,
    findings: report.findings.map(toJsonFinding),
    counts: { error: report.counts.error, warning: report.counts.warning, notice: report.counts.notice },
    suppressed: report.suppressed,
    scanned: { files: report.scanned.files, bytes: report.scanned.bytes },
    ...(report.setup ? setupJson(report) : {}),
  };
}

/** Which layout was detected and why, and which config file was read: the same from every entry point. */
function setupJson(report: Report): Record<string, unknown> {
  const setup = report.setup!;
  return {
    layout: {
      presets: setup.presets.map((p) => ({ name: p.name, because: p.because })),
      skills: { count: setup.skills.count, roots: [...setup.skills.roots] },
      agentFiles: setup.agentFiles,
      instructionFiles: setup.instructionFiles,
    },
    config: { file: setup.configFile ?? null },
  };
}

function toJsonFinding(f: Finding): Record<string, unknown> {
  const out: Record<string, unknown> = { ruleId: f.ruleId, check: f.check, severity: f.severity };
  if (f.level) out.level = f.level;
  if (f.file !== undefined) out.file = f.file;
  if (f.line !== undefined) out.line = f.line;
  if (f.column !== undefined) out.column = f.column;
  if (f.endLine !== undefined) out.endLine = f.endLine;
  if (f.endColumn !== undefined) out.endColumn = f.endColumn;
  out.message = f.message;
  if (f.help) out.help = f.help;
  out.fingerprint = f.fingerprint;
  return out;
}

export function renderJson(report: Report): string {
  return `${JSON.stringify(toJsonReport(report), null, 2)}\n`;
}
