import type { FailOn } from '../config/schema.js';
import type { Finding } from '../finding.js';
import type { RepoSnapshot } from '../snapshot.js';
import { decodeText } from '../text.js';
import { lazyLines } from './lazy-lines.js';
import { detectBinary } from './binary/detect-binary.js';
import { classifyContent } from './classify-path.js';
import { capHits } from './engine/cap-hits.js';
import type { CompiledRules } from './engine/compile-rules.js';
import type { TextScanOptions } from './scan-text.js';
import { judgeText } from './evidence/judge-text.js';
import { s012BinaryInSkill } from './rules/s012-binary-in-skill.js';
import type { RuleHit, ScanDiagnostic } from './scan-types.js';
import { applyInlineSuppressions } from './suppress/apply-inline-suppressions.js';
import { readBaseSuppressions } from './suppress/read-base-suppressions.js';
import { findSuppressionComments } from './suppress/find-suppression-comments.js';
import { diagnosticToFinding, hitsToFindings, ruleFindingsOfText } from './to-scan-findings.js';

export interface FileScanContext {
  rules: CompiledRules;
  failOn: FailOn;
  /** The base tree: inline suppressions count only when it already has them. */
  base?: RepoSnapshot;
  options?: TextScanOptions;
}

export interface FileScanResult {
  findings: Finding[];
  suppressed: number;
  /** An inline suppression comment of the file suppressed a finding (for the "honoured without a base" note). */
  hasInlineSuppressions: boolean;
}

/** One file's bytes → its findings, after its inline suppressions. */
export async function scanFile(path: string, bytes: Uint8Array, context: FileScanContext): Promise<FileScanResult> {
  const { rules, failOn } = context;
  const type = classifyContent(path, bytes);
  const binaryHit = (kind: string): FileScanResult => {
    if (!rules.enabled('S012')) return { findings: [], suppressed: 0, hasInlineSuppressions: false };
    const hit: RuleHit = {
      ruleId: 'S012',
      level: rules.levelOf('S012', 'MEDIUM'),
      start: 0,
      end: 0,
      matched: path.slice(path.lastIndexOf('/') + 1),
      detail: kind,
      line: 1,
      signals: s012BinaryInSkill.signals,
    };
    return { findings: hitsToFindings(path, [hit], lazyLines(''), failOn), suppressed: 0, hasInlineSuppressions: false };
  };
  if (type === 'other') {
    const kind = detectBinary(path, bytes);
    return kind ? binaryHit(kind) : { findings: [], suppressed: 0, hasInlineSuppressions: false };
  }
  const decoded = decodeText(bytes);
  if (decoded.binary) {
    const kind = detectBinary(path, bytes);
    if (kind) return binaryHit(kind);
  }
  const result = judgeText(path, decoded.text, type, rules, context.options);
  const diagnostics: ScanDiagnostic[] = [...result.diagnostics];
  if (decoded.invalidUtf8) {
    diagnostics.push({
      ruleId: 'scan/invalid_utf8',
      severity: 'notice',
      line: 1,
      message: 'The file is not valid UTF-8; it was decoded with replacement characters and scanned.',
    });
  }
  const hits = capHits(result.hits.map((h) => ({ ...h, level: rules.levelOf(h.ruleId, h.level) })));
  const findings = [...hitsToFindings(path, hits, result.lines, failOn), ...diagnostics.map((d) => diagnosticToFinding(path, d))];
  const comments = findSuppressionComments(decoded.text);
  if (!comments.length) return { findings, suppressed: 0, hasInlineSuppressions: false };
  const base = context.base
    ? await readBaseSuppressions(context.base, path, (text) => ruleFindingsOfText(path, text, type, rules, failOn))
    : undefined;
  const applied = applyInlineSuppressions(findings, comments, base);
  return {
    findings: [...applied.kept, ...applied.diagnostics.map((d) => diagnosticToFinding(path, d))],
    suppressed: applied.suppressed,
    hasInlineSuppressions: applied.suppressed > 0,
  };
}
