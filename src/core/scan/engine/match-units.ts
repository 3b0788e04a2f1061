import type { Lines } from '../lazy-lines.js';
import type { ScanBlock, ScanUnit, RuleHit, SegmentKind } from '../scan-types.js';
import { unitOffset } from '../segment/build-units.js';
import { cautionBefore } from '../rules/shell-vocabulary.js';
import type { AcceptResult } from '../rules/scan-rule.js';
import type { HitBudget } from './cap-hits.js';
import type { CompiledPattern } from './compile-rules.js';

/** Matches per pattern and unit: enough to report, bounded so a hostile file cannot flood the report. */
const MAX_MATCHES_PER_UNIT = 64;

export interface MatchTarget {
  path: string;
  lines: Lines;
  /** The file as prose reads it: an inline code span's caution ("never run `…`") is in the sentence around it. */
  proseText?: () => string;
  /** The text a block-scope pattern reads for a block (raw for code, flattened for prose). */
  blockText(block: ScanBlock): string;
  /** Stops a rule that has matched more than a report can list (a flood). */
  budget?: HitBudget;
}

/**
 * A match's level, signals and caution as its pattern judged them. Whether caution lowers
 * the level is decided with the other evidence (evidence/combine-evidence.ts).
 */
function judge(
  pattern: CompiledPattern,
  accepted: AcceptResult,
  text: string,
  at: number,
): Pick<RuleHit, 'level' | 'pattern' | 'signals' | 'cautioned'> {
  const level = typeof accepted === 'string' ? accepted : typeof accepted === 'object' ? (accepted.level ?? pattern.level) : pattern.level;
  const signals = typeof accepted === 'object' ? accepted.signals : (pattern.pattern.signals ?? pattern.rule.signals);
  const cautioned = pattern.rule.lowerWhenCautioned === true && cautionBefore(text, at);
  return { level, pattern: pattern.pattern.id, signals, ...(cautioned ? { cautioned } : {}) };
}

/** Runs line-scope patterns over one unit. */
export function matchUnit(unit: ScanUnit, patterns: readonly CompiledPattern[], target: MatchTarget, out: RuleHit[]): void {
  const joined = unit.pieces.length > 1 && (unit.kind === 'code' || unit.kind === 'value' || unit.kind === 'frontmatter');
  for (const p of patterns) {
    if (p.scope !== 'line' || !p.kinds.has(unit.kind) || target.budget?.spent(p.rule.id)) continue;
    const re = p.global;
    re.lastIndex = 0;
    for (let n = 0, m = re.exec(unit.text); m && n < MAX_MATCHES_PER_UNIT; m = re.exec(unit.text), n++) {
      if (m[0].length === 0) re.lastIndex++;
      const accepted = p.pattern.accept ? p.pattern.accept(m, { text: unit.text, path: target.path, kind: unit.kind }) : true;
      if (accepted === false) continue;
      const lead = m.groups?.lead ?? '';
      const from = m.index - lead.length;
      const start = unitOffset(unit, from);
      const end = unitOffset(unit, Math.max(from, m.index + m[0].length - 1)) + 1;
      const line = target.lines.position(joined ? unit.pieces[0]![1] : start).line;
      const [context, at] = unit.kind === 'inline-code' && target.proseText ? [target.proseText(), start] : [unit.text, from];
      out.push({
        ruleId: p.rule.id,
        ...judge(p, accepted, context, at),
        start,
        end,
        matched: lead + m[0],
        line,
        ...(p.pattern.why ? { why: p.pattern.why } : {}),
      });
      target.budget?.take(p.rule.id);
    }
  }
}

/** Runs block-scope patterns over one block. */
export function matchBlock(block: ScanBlock, patterns: readonly CompiledPattern[], target: MatchTarget, out: RuleHit[]): void {
  let text: string | undefined;
  for (const p of patterns) {
    if (p.scope !== 'block' || !p.kinds.has(block.kind) || target.budget?.spent(p.rule.id)) continue;
    text ??= target.blockText(block);
    if (p.requires && !p.requires.test(text)) continue;
    const re = p.global;
    re.lastIndex = 0;
    for (let n = 0, m = re.exec(text); m && n < MAX_MATCHES_PER_UNIT; m = re.exec(text), n++) {
      if (m[0].length === 0) re.lastIndex++;
      const accepted = p.pattern.accept ? p.pattern.accept(m, { text, path: target.path, kind: block.kind as SegmentKind }) : true;
      if (accepted === false) continue;
      const lead = m.groups?.lead ?? '';
      const start = block.start + m.index - lead.length;
      out.push({
        ruleId: p.rule.id,
        ...judge(p, accepted, text, m.index - lead.length),
        start,
        end: block.start + m.index + m[0].length,
        matched: lead + m[0],
        line: target.lines.position(start).line,
        ...(p.pattern.why ? { why: p.pattern.why } : {}),
      });
      target.budget?.take(p.rule.id);
    }
  }
}
