import type { ScanLevel } from '../../finding.js';
import { SCAN_RULES } from '../rules/all-rules.js';
import type { Detector, ReadKind, ScanRule } from '../rules/scan-rule.js';
import type { Capability } from '../scan-types.js';
import { foldKeyword } from './fold-keyword.js';
import { KeywordAutomaton } from './keyword-automaton.js';

/** `scan.rules` in config: a rule's level replaced, or the rule off. */
export type RuleOverrides = Readonly<Record<string, { level: ScanLevel | 'off' }>>;

export interface CompiledDetector {
  rule: ScanRule;
  detector: Detector;
  /** For iterating matches (`g`). */
  global: RegExp;
  requires?: RegExp;
  reads: ReadonlySet<ReadKind>;
  scope: 'line' | 'unit';
  level: ScanLevel;
  capabilities: readonly Capability[];
  /** Its index in `detectors`. */
  index: number;
  /** Literals (automaton indices) of which one must also occur where the detector runs (`alsoKeywords`). */
  also?: Int32Array;
  /** Per literal, whether a match may start where it starts (`leads`); the detector is then tried only there. */
  leads?: Uint8Array;
  /** The pattern, sticky (`y`): tried at one position. */
  sticky?: RegExp;
}

/**
 * The detectors of the enabled rules, and one keyword automaton over all their keywords (the
 * prefilter): a text is scanned once, and a detector runs only where one of its keywords occurs.
 */
export interface CompiledDetectors {
  detectors: readonly CompiledDetector[];
  automaton: KeywordAutomaton;
  /** Per keyword (automaton literal index), the detectors it wakes. */
  wakes: readonly Int32Array[];
  /** Rules with frontmatter checks, enabled. */
  frontmatterRules: readonly ScanRule[];
  enabled(ruleId: string): boolean;
  /** The level a finding reported under `ruleId` gets: config overrides win over the judged level. */
  levelOf(ruleId: string, judged: ScanLevel): ScanLevel;
}

const cache = new Map<string, CompiledDetectors>();

function withFlags(re: RegExp, flags: string): RegExp {
  return new RegExp(re.source, [...new Set(re.flags.replace(/[gy]/g, '') + flags)].join(''));
}

/** Rules (with config overrides) → detectors ready to run and the keyword prefilter. Cached per overrides. */
export function compileDetectors(overrides: RuleOverrides = {}, rules: readonly ScanRule[] = SCAN_RULES): CompiledDetectors {
  const key = rules === SCAN_RULES ? JSON.stringify(overrides) : undefined;
  const cached = key === undefined ? undefined : cache.get(key);
  if (cached) return cached;
  const enabled = (ruleId: string) => overrides[ruleId]?.level !== 'off';
  const levelOf = (ruleId: string, judged: ScanLevel): ScanLevel => {
    const o = overrides[ruleId]?.level;
    return o && o !== 'off' ? o : judged;
  };
  const detectors: CompiledDetector[] = [];
  const literalIndex = new Map<string, number>();
  const wakes: number[][] = [];
  const literalOf = (keyword: string): number => {
    let literal = literalIndex.get(keyword);
    if (literal === undefined) {
      literalIndex.set(keyword, (literal = literalIndex.size));
      wakes.push([]);
    }
    return literal;
  };
  for (const rule of rules) {
    if (!enabled(rule.id)) continue;
    for (const detector of rule.detectors) {
      const index = detectors.length;
      detectors.push({
        rule,
        detector,
        global: withFlags(detector.re, 'g'),
        requires: detector.requires && withFlags(detector.requires, ''),
        reads: new Set(detector.reads ?? rule.reads),
        scope: detector.scope ?? 'line',
        level: detector.level ?? rule.level,
        capabilities: detector.capabilities ?? rule.capabilities,
        index,
        ...(detector.alsoKeywords ? { also: Int32Array.from(new Set(detector.alsoKeywords.map(foldKeyword)), literalOf) } : {}),
      });
      for (const keyword of new Set(detector.keywords.map(foldKeyword))) wakes[literalOf(keyword)]!.push(index);
    }
  }
  for (const d of detectors) {
    const { leads, keywords, alsoKeywords = [] } = d.detector;
    if (!leads) continue;
    const lead = leads === 'keywords' ? keywords : leads === 'alsoKeywords' ? alsoKeywords : [...keywords, ...alsoKeywords];
    d.leads = new Uint8Array(literalIndex.size);
    for (const keyword of lead) d.leads[literalIndex.get(foldKeyword(keyword))!] = 1;
    d.sticky = withFlags(d.detector.re, 'y');
  }
  const compiled: CompiledDetectors = {
    detectors,
    automaton: new KeywordAutomaton([...literalIndex.keys()]),
    wakes: wakes.map((list) => Int32Array.from(list)),
    frontmatterRules: rules.filter((r) => r.frontmatter && enabled(r.id)),
    enabled,
    levelOf,
  };
  if (key !== undefined) cache.set(key, compiled);
  return compiled;
}
