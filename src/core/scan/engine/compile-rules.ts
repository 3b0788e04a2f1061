import type { ScanLevel } from '../../finding.js';
import type { SegmentKind } from '../scan-types.js';
import { SCAN_RULES } from '../rules/all-rules.js';
import type { RulePattern, ScanRule } from '../rules/scan-rule.js';
import { KeywordAutomaton } from './keyword-automaton.js';

export type RuleOverrides = Readonly<Record<string, { level: ScanLevel | 'off' }>>;

export interface CompiledPattern {
  rule: ScanRule;
  pattern: RulePattern;
  /** For `test` on whole views (no `g`). */
  re: RegExp;
  /** For iterating matches in a unit (`g`). */
  global: RegExp;
  requires?: RegExp;
  kinds: ReadonlySet<SegmentKind>;
  scope: 'line' | 'block';
  level: ScanLevel;
  /** Indexes into the automaton's keywords. */
  keywordIndexes: readonly number[];
  /** A second group that must also hit (empty: none). */
  alsoIndexes: readonly number[];
}

export interface CompiledRules {
  patterns: readonly CompiledPattern[];
  automaton: KeywordAutomaton;
  /** Rules with frontmatter checks, enabled. */
  frontmatterRules: readonly ScanRule[];
  /** Whether a rule runs at all (`off` in config disables it). */
  enabled(ruleId: string): boolean;
  /** The level a rule's finding gets after config overrides. */
  levelOf(ruleId: string, level: ScanLevel): ScanLevel;
}

const cache = new Map<string, CompiledRules>();

function withFlags(re: RegExp, flags: string): RegExp {
  return new RegExp(re.source, [...new Set(re.flags.replace(/[gy]/g, '') + flags)].join(''));
}

/** Rules (with config overrides) → patterns ready to run, plus the keyword prefilter. Cached per overrides. */
export function compileRules(overrides: RuleOverrides = {}, rules: readonly ScanRule[] = SCAN_RULES): CompiledRules {
  const key = rules === SCAN_RULES ? JSON.stringify(overrides) : undefined;
  const cached = key === undefined ? undefined : cache.get(key);
  if (cached) return cached;
  const enabled = (ruleId: string) => overrides[ruleId]?.level !== 'off';
  const levelOf = (ruleId: string, level: ScanLevel): ScanLevel => {
    const o = overrides[ruleId]?.level;
    return o && o !== 'off' ? o : level;
  };
  const keywordIndex = new Map<string, number>();
  const patterns: CompiledPattern[] = [];
  for (const rule of rules) {
    if (!enabled(rule.id)) continue;
    for (const pattern of rule.patterns) {
      const indexOf = (k: string) => {
        const lower = k.toLowerCase();
        let i = keywordIndex.get(lower);
        if (i === undefined) keywordIndex.set(lower, (i = keywordIndex.size));
        return i;
      };
      const indexes = pattern.keywords.map(indexOf);
      const also = (pattern.alsoKeywords ?? []).map(indexOf);
      patterns.push({
        rule,
        pattern,
        re: withFlags(pattern.re, ''),
        global: withFlags(pattern.re, 'g'),
        requires: pattern.requires && withFlags(pattern.requires, ''),
        kinds: new Set(pattern.kinds ?? rule.kinds),
        scope: pattern.scope ?? 'line',
        level: pattern.level ?? rule.level,
        keywordIndexes: indexes,
        alsoIndexes: also,
      });
    }
  }
  const compiled: CompiledRules = {
    patterns,
    automaton: new KeywordAutomaton([...keywordIndex.keys()]),
    frontmatterRules: rules.filter((r) => r.frontmatter && enabled(r.id)),
    enabled,
    levelOf,
  };
  if (key !== undefined) cache.set(key, compiled);
  return compiled;
}

/** Patterns whose keywords occur in the text, by the automaton's `found` marks. */
export function candidatePatterns(rules: CompiledRules, found: Uint8Array): CompiledPattern[] {
  return rules.patterns.filter((p) => p.keywordIndexes.some((i) => found[i] === 1) && (p.alsoIndexes.length === 0 || p.alsoIndexes.some((i) => found[i] === 1)));
}
