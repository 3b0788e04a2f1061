import type { FailOn } from '../../config/schema.js';
import { makeFinding, type Finding, type ScanLevel, type Severity } from '../../finding.js';
import type { FileVerdicts } from '../judge/judge-files.js';
import type { Verdict } from '../judge/judge-unit.js';
import type { CompiledDetectors } from '../match/compile-detectors.js';
import { scanRuleById } from '../rules/all-rules.js';
import { LEVEL_RANK } from '../rules/scan-rule.js';
import type { ScanDiagnostic } from '../scan-types.js';
import { formatExcerpt, normaliseMatch } from './format-excerpt.js';
import { pushAll } from '../../push-all.js';

const FAIL_RANK: Record<FailOn, number> = { high: 3, medium: 2, low: 1, never: 4 };

/** Findings one rule may list per file; past it one finding stands for the rest, at their highest level. */
export const MAX_LINES_PER_RULE = 100;

/** error iff the level is at or above failOn; otherwise warning (HIGH, MEDIUM) or notice (LOW). */
export function severityFor(level: ScanLevel, failOn: FailOn): Severity {
  if (LEVEL_RANK[level] >= FAIL_RANK[failOn]) return 'error';
  return level === 'LOW' ? 'notice' : 'warning';
}

/** What the level rests on, for the message: ` [HIGH: source (reads ~/.ssh, line 3) + sink (scripts/up.sh:7)]`. */
function describeParts(verdict: Verdict, level: ScanLevel, path: string): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const p of verdict.parts) {
    if (p.capability === 'mentions-attack' && verdict.parts.length === 1) return ` [${level}: describes an attack, evidence of nothing]`;
    const where =
      p.path && p.path !== path ? `${p.path}:${p.evidence.line}` : p.evidence !== verdict.anchor ? `line ${p.evidence.line}` : '';
    const what = p.evidence !== verdict.anchor || p.path ? formatExcerpt(p.evidence.matched, 60) : '';
    const text = `${p.capability}${where || what ? ` (${[what && `\`${what}\``, where].filter(Boolean).join(', ')})` : ''}`;
    if (!seen.has(text)) parts.push(text);
    seen.add(text);
  }
  return parts.length ? ` [${level}: ${parts.join(' + ')}]` : '';
}

interface Located {
  verdict: Verdict;
  level: ScanLevel;
}

/** One finding per rule per line (the highest level), then at most MAX_LINES_PER_RULE lines per rule; the rest as one finding. */
function capped(verdicts: readonly Located[]): (Located & { cut?: number })[] {
  const byKey = new Map<string, Located>();
  for (const v of [...verdicts].sort((a, b) => a.verdict.anchor.start - b.verdict.anchor.start)) {
    const key = `${v.verdict.rule}\0${v.verdict.anchor.line}`;
    const kept = byKey.get(key);
    if (!kept || LEVEL_RANK[v.level] > LEVEL_RANK[kept.level]) byKey.set(key, v);
  }
  const out: (Located & { cut?: number })[] = [];
  const perRule = new Map<string, Located[]>();
  for (const v of byKey.values()) perRule.set(v.verdict.rule, [...(perRule.get(v.verdict.rule) ?? []), v]);
  for (const list of perRule.values()) {
    const ordered = list.sort((a, b) => a.verdict.anchor.start - b.verdict.anchor.start);
    pushAll(out, ordered.slice(0, MAX_LINES_PER_RULE));
    const rest = ordered.slice(MAX_LINES_PER_RULE);
    if (rest.length) {
      const level = rest.reduce<ScanLevel>((worst, v) => (LEVEL_RANK[v.level] > LEVEL_RANK[worst] ? v.level : worst), rest[0]!.level);
      out.push({ ...rest[0]!, level, cut: rest.length });
    }
  }
  return out.sort((a, b) => a.verdict.anchor.start - b.verdict.anchor.start || (a.verdict.rule < b.verdict.rule ? -1 : 1));
}

/**
 * A file's verdicts → findings, in one place: config levels applied (a rule set `off` reports
 * nothing), one finding per rule and line, the flood cap, and the fingerprint (rule + normalised
 * matched text + its occurrence in the file: stable when lines move, distinct when text repeats).
 */
export function toFindings(file: FileVerdicts, detectors: CompiledDetectors, failOn: FailOn): Finding[] {
  const located: Located[] = file.verdicts
    .filter((v) => detectors.enabled(v.rule))
    .map((verdict) => ({ verdict, level: detectors.levelOf(verdict.rule, verdict.level) }));
  const occurrences = new Map<string, number>();
  const runBy = file.runBy.length ? ` (run by ${file.runBy.slice(0, 3).join(', ')}${file.runBy.length > 3 ? ', …' : ''})` : '';
  return capped(located).map(({ verdict, level, cut }) => {
    const rule = scanRuleById(verdict.rule)!;
    const e = verdict.anchor;
    const norm = normaliseMatch(e.matched);
    const n = occurrences.get(`${verdict.rule}\0${norm}`) ?? 0;
    occurrences.set(`${verdict.rule}\0${norm}`, n + 1);
    const why = verdict.compound ? rule.why : (e.why ?? rule.why);
    const detail = cut
      ? `at least ${cut} more line${cut === 1 ? '' : 's'} of this file match ${verdict.rule}; only the first ${MAX_LINES_PER_RULE} are listed`
      : e.detail;
    const capabilities = [...new Set(verdict.parts.map((p) => p.capability))];
    return makeFinding({
      check: 'scan',
      ruleId: verdict.rule,
      level,
      severity: severityFor(level, failOn),
      file: file.path,
      line: e.line,
      column: e.column,
      endLine: e.endLine,
      endColumn: e.endColumn,
      message: `${rule.name}: \`${formatExcerpt(e.matched)}\` — ${why}${detail ? ` (${formatExcerpt(detail, 240)})` : ''}${runBy}${describeParts(verdict, level, file.path)}`,
      help: rule.fix,
      title: rule.name,
      why: rule.why,
      fingerprintKey: `${norm}#${n}`,
      signals: capabilities.length ? capabilities : undefined,
    });
  });
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
