import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { Finding, ScanLevel, Severity } from '../core/finding.js';
import type { Report } from '../core/report.js';
import { SCAN_RULES } from '../core/scan/rules/all-rules.js';
import type { ScanRule } from '../core/scan/rules/scan-rule.js';

export interface SarifOptions {
  toolVersion?: string;
}

const INFORMATION_URI = 'https://github.com/plangate/plangate';
/** GitHub code scanning reads `security-severity` (a number as a string): ≥ 7 high, ≥ 4 medium, else low. */
const SECURITY_SEVERITY: Record<ScanLevel, string> = { HIGH: '8.0', MEDIUM: '5.5', LOW: '2.0' };
const LEVEL_OF_SCAN: Record<ScanLevel, 'error' | 'warning' | 'note'> = { HIGH: 'error', MEDIUM: 'warning', LOW: 'note' };
const LEVEL_OF_SEVERITY: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', notice: 'note' };

function firstExample(rule: ScanRule): string | undefined {
  const e = rule.examples.match[0];
  return e === undefined ? undefined : typeof e === 'string' ? e : e.text.trim();
}

function scanRuleDescriptor(rule: ScanRule): ReportingDescriptor {
  const example = firstExample(rule);
  return {
    id: rule.id,
    name: rule.name,
    shortDescription: { text: `${rule.id} ${rule.name}` },
    fullDescription: { text: rule.why },
    help: {
      text: `${rule.why}\nFix: ${rule.fix}${example ? `\nExample: ${example}` : ''}`,
      markdown: `${rule.why}\n\n**Fix:** ${rule.fix}${example ? `\n\n**Example:**\n\n\`\`\`\n${example.replace(/```/g, '` ` `')}\n\`\`\`` : ''}`,
    },
    helpUri: `${INFORMATION_URI}/blob/main/docs/rules/scan.md#${rule.id.toLowerCase()}`,
    defaultConfiguration: { level: LEVEL_OF_SCAN[rule.level] },
    properties: { 'security-severity': SECURITY_SEVERITY[rule.level], tags: ['security'] },
  };
}

/** A rule id that is not a scanner rule (other checks, `scan/…` diagnostics), described from its first finding. */
function otherRuleDescriptor(finding: Finding): ReportingDescriptor {
  return {
    id: finding.ruleId,
    name: finding.ruleId.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, ''),
    shortDescription: { text: finding.title && finding.title !== finding.ruleId ? `${finding.ruleId}: ${finding.title}` : finding.ruleId },
    ...(finding.help ? { help: { text: finding.help, markdown: finding.help } } : {}),
    defaultConfiguration: { level: LEVEL_OF_SEVERITY[finding.severity] },
    properties: { tags: [finding.check] },
  };
}

/** Repo-relative path as a URI reference: each segment percent-encoded, `/` kept. */
function artifactUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

function toResult(finding: Finding, ruleIndex: number): Result {
  const result: Result = {
    ruleId: finding.ruleId,
    ruleIndex,
    level: LEVEL_OF_SEVERITY[finding.severity],
    message: { text: finding.message },
    partialFingerprints: { 'plangate/v1': finding.fingerprint },
    properties: { check: finding.check, ...(finding.level ? { level: finding.level } : {}) },
  };
  if (finding.file) {
    const region: NonNullable<NonNullable<Result['locations']>[number]['physicalLocation']>['region'] = {};
    if (finding.line) region.startLine = finding.line;
    if (finding.line && finding.column) region.startColumn = finding.column;
    if (finding.line && finding.endLine && finding.endLine >= finding.line) region.endLine = finding.endLine;
    if (finding.line && finding.column && finding.endColumn && (finding.endLine ?? finding.line) >= finding.line) {
      const sameLine = (finding.endLine ?? finding.line) === finding.line;
      if (!sameLine || finding.endColumn > finding.column) region.endColumn = finding.endColumn;
    }
    result.locations = [
      {
        physicalLocation: {
          artifactLocation: { uri: artifactUri(finding.file), uriBaseId: '%SRCROOT%' },
          ...(Object.keys(region).length ? { region } : {}),
        },
      },
    ];
  }
  return result;
}

/**
 * The Report as SARIF 2.1.0 for GitHub code scanning: one run, every scanner rule in the
 * driver (plus any other rule that has a finding), stable fingerprints, repo-relative URIs.
 * Suppressed findings are not in the Report, so they are not here either.
 */
export function renderSarif(report: Report, options: SarifOptions = {}): string {
  const rules: ReportingDescriptor[] = SCAN_RULES.map(scanRuleDescriptor);
  const index = new Map(rules.map((r, i) => [r.id, i]));
  for (const f of report.findings) {
    if (index.has(f.ruleId)) continue;
    index.set(f.ruleId, rules.length);
    rules.push(otherRuleDescriptor(f));
  }
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'plangate',
            informationUri: INFORMATION_URI,
            ...(options.toolVersion ? { version: options.toolVersion } : {}),
            ...(options.toolVersion && /^\d+\.\d+\.\d+(?:[-+][\w.-]+)?$/.test(options.toolVersion)
              ? { semanticVersion: options.toolVersion }
              : {}),
            rules,
          },
        },
        columnKind: 'utf16CodeUnits',
        results: report.findings.map((f) => toResult(f, index.get(f.ruleId)!)),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
