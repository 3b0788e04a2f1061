import { LEVEL_RANK } from '../rules/scan-rule.js';
import type { RuleHit } from '../scan-types.js';
import { pushAll } from '../../push-all.js';

/**
 * Findings one rule may list per file. A file can match on every line (a megabyte of
 * `a\u200bb` lines is one hit per six bytes); listing each costs time and memory without
 * telling the reader more. Past the cap, one finding stands for the rest, at their highest level.
 */
export const MAX_LINES_PER_RULE = 100;

/**
 * At most `cap` lines per rule (the report lists one finding per rule per line), in file order;
 * the hits on further lines become one hit at the first of them that says how many lines were cut
 * and has the highest level among them, so a capped rule still fails the check it would have failed.
 */
export function capHits(hits: readonly RuleHit[], cap = MAX_LINES_PER_RULE): RuleHit[] {
  const byRule = new Map<string, RuleHit[]>();
  for (const hit of hits) {
    const list = byRule.get(hit.ruleId);
    if (list) list.push(hit);
    else byRule.set(hit.ruleId, [hit]);
  }
  const out: RuleHit[] = [];
  for (const [ruleId, list] of byRule) {
    const lines = new Set<number>();
    for (const h of list) lines.add(h.line);
    if (lines.size <= cap) {
      pushAll(out, list);
      continue;
    }
    const ordered = [...list].sort((a, b) => a.start - b.start);
    const kept = new Set<number>();
    const cut: RuleHit[] = [];
    for (const h of ordered) {
      if (kept.has(h.line) || kept.size < cap) {
        kept.add(h.line);
        out.push(h);
      } else cut.push(h);
    }
    const cutLines = new Set(cut.map((h) => h.line));
    const first = cut[0]!;
    const level = cut.reduce((worst, h) => (LEVEL_RANK[h.level] > LEVEL_RANK[worst] ? h.level : worst), first.level);
    out.push({
      ruleId,
      level,
      start: first.start,
      end: first.end,
      matched: first.matched,
      line: first.line,
      // A flood stops being matched past MAX_RAW_HITS_PER_RULE, so the count is a floor.
      detail: `at least ${cutLines.size} more line${cutLines.size === 1 ? '' : 's'} of this file match ${ruleId}; only the first ${cap} are listed`,
      ...(first.pattern ? { pattern: first.pattern } : {}),
      ...(first.signals ? { signals: first.signals } : {}),
    });
  }
  return out;
}

/** Raw matches one rule may produce per file before its patterns stop running on the rest of it. */
export const MAX_RAW_HITS_PER_RULE = 10 * MAX_LINES_PER_RULE;

/**
 * Per file: how many hits each rule has produced. Once a rule has more than the cap lists,
 * matching it further only costs time (every line of a flood matches), so it stops;
 * capHits still reports that more lines matched.
 */
export class HitBudget {
  private readonly counts = new Map<string, number>();
  constructor(private readonly perRule = MAX_RAW_HITS_PER_RULE) {}
  spent(ruleId: string): boolean {
    return this.left(ruleId) <= 0;
  }
  left(ruleId: string): number {
    return this.perRule - (this.counts.get(ruleId) ?? 0);
  }
  take(ruleId: string): void {
    this.counts.set(ruleId, (this.counts.get(ruleId) ?? 0) + 1);
  }
}
