import type { FailOn } from '../config/schema.js';
import { makeFinding, type Finding, type ScanLevel, type Severity } from '../finding.js';
import type { Lines } from './lazy-lines.js';
import type { FileType } from './classify-path.js';
import type { CompiledRules } from './engine/compile-rules.js';
import { judgeText } from './evidence/judge-text.js';
import { formatExcerpt, normaliseMatch } from './format-excerpt.js';
import { LEVEL_RANK } from './rules/scan-rule.js';
import { scanRuleById } from './rules/all-rules.js';
import type { RuleHit, ScanDiagnostic } from './scan-types.js';

const FAIL_RANK: Record<FailOn, number> = { high: 3, medium: 2, low: 1, never: 4 };

/** error iff the level is at or above failOn; otherwise warning (HIGH, MEDIUM) or notice (LOW). */
export function severityFor(level: ScanLevel, failOn: FailOn): Severity {
  if (LEVEL_RANK[level] >= FAIL_RANK[failOn]) return 'error';
  return level === 'LOW' ? 'notice' : 'warning';
}

/** At most one hit per rule per logical line: the highest level, then the first. */
export function dedupeHits(hits: readonly RuleHit[]): RuleHit[] {
  const byKey = new Map<string, RuleHit>();
  const ordered = [...hits].sort((a, b) => a.start - b.start || b.end - a.end);
  for (const hit of ordered) {
    const key = `${hit.ruleId}\0${hit.line}`;
    const kept = byKey.get(key);
    if (!kept || LEVEL_RANK[hit.level] > LEVEL_RANK[kept.level]) byKey.set(key, hit);
  }
  return [...byKey.values()].sort((a, b) => a.start - b.start || (a.ruleId < b.ruleId ? -1 : 1));
}

/**
 * Hits of one file → findings. The fingerprint key is the rule, the normalised matched
 * text and its occurrence index in the file: stable when lines move, distinct when the same
 * text appears twice.
 */
export function hitsToFindings(path: string, hits: readonly RuleHit[], lines: Lines, failOn: FailOn): Finding[] {
  const occurrences = new Map<string, number>();
  return dedupeHits(hits).map((hit) => {
    const rule = scanRuleById(hit.ruleId)!;
    const start = lines.position(hit.start);
    const end = lines.position(Math.max(hit.start, hit.end - 1));
    const norm = normaliseMatch(hit.matched);
    const n = occurrences.get(`${hit.ruleId}\0${norm}`) ?? 0;
    occurrences.set(`${hit.ruleId}\0${norm}`, n + 1);
    const why = hit.why ?? rule.why;
    const signals = [...(hit.signals ?? [])];
    return makeFinding({
      check: 'scan',
      ruleId: hit.ruleId,
      level: hit.level,
      severity: severityFor(hit.level, failOn),
      file: path,
      line: hit.line,
      column: hit.line === start.line ? start.column : 1,
      endLine: end.line,
      endColumn: end.column + 1,
      message: `${rule.name}: \`${formatExcerpt(hit.matched)}\` — ${why}${hit.detail ? ` (${formatExcerpt(hit.detail, 240)})` : ''}${describeSignals(hit)}`,
      help: rule.fix,
      title: rule.name,
      why: rule.why,
      fingerprintKey: `${norm}#${n}`,
      signals: signals.length ? signals : undefined,
    });
  });
}

/** A text's rule findings, as a scan of the file would report them (the base branch's copy, for suppressions). */
export function ruleFindingsOfText(path: string, text: string, type: FileType, rules: CompiledRules, failOn: FailOn): Finding[] {
  const result = judgeText(path, text, type, rules);
  return hitsToFindings(
    path,
    result.hits.map((h) => ({ ...h, level: rules.levelOf(h.ruleId, h.level) })),
    result.lines,
    failOn,
  );
}

/** What the level rests on, for the message: ` [HIGH: download + execute]`. */
export function describeSignals(hit: Pick<RuleHit, 'level' | 'signals' | 'cautioned'>): string {
  const signals = hit.signals ?? [];
  if (!signals.length) return '';
  const lowered = hit.cautioned ? '; lowered: the text presents it as an example or a thing not to do' : '';
  return ` [${hit.level}: ${signals.join(' + ')}${lowered}]`;
}

/** A non-rule diagnostic (`scan/…`) as a finding. */
export function diagnosticToFinding(path: string | undefined, d: ScanDiagnostic): Finding {
  return makeFinding({
    check: 'scan',
    ruleId: d.ruleId,
    severity: d.severity,
    file: path,
    line: d.line,
    column: d.column,
    message: d.message,
    help: d.help,
    title: d.ruleId,
  });
}
