import type { ScanLevel } from '../../finding.js';
import type { SegmentKind } from '../scan-types.js';
import { SCAN_RULES } from '../rules/all-rules.js';
import type { RulePattern, ScanRule } from '../rules/scan-rule.js';
import { joinedView } from '../segment/build-units.js';
import { AnchorAutomaton, type AnchorHits } from './anchor-automaton.js';
import { anchorsOf, launchOnly } from './pattern-anchors.js';

export type RuleOverrides = Readonly<Record<string, { level: ScanLevel | 'off' }>>;

export interface CompiledPattern {
  rule: ScanRule;
  pattern: RulePattern;
  /** For iterating matches in a unit (`g`). */
  global: RegExp;
  requires?: RegExp;
  kinds: ReadonlySet<SegmentKind>;
  scope: 'line' | 'block';
  level: ScanLevel;
  /** Its index in `patterns`. */
  index: number;
  /** It reads some kind of a file's text (not only what configs launch: surfaces/launch-units.ts). */
  readsFiles: boolean;
  /**
   * Anchor clauses as literal ids (regex-anchors.ts): where the pattern matches, each clause has
   * a literal in the text. No clause: it may match anywhere.
   */
  clauses: readonly Int32Array[];
}

/** The anchor scan: one automaton over some patterns' literals, and which patterns each literal can wake. */
export interface AnchorIndex {
  automaton: AnchorAutomaton;
  /** Per literal, the patterns whose first (rarest) clause holds it. */
  firstOf: readonly Int32Array[];
  /** Patterns without anchors: candidates everywhere. */
  unanchored: readonly CompiledPattern[];
}

export interface CompiledRules {
  patterns: readonly CompiledPattern[];
  /** The patterns that read a file's text. */
  anchors: AnchorIndex;
  /** The patterns that read only what configs launch (tiny texts; their literals would only slow the file scan). */
  launchAnchors: AnchorIndex;
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
  const patterns: CompiledPattern[] = [];
  for (const rule of rules) {
    if (!enabled(rule.id)) continue;
    for (const pattern of rule.patterns) {
      patterns.push({
        rule,
        pattern,
        global: withFlags(pattern.re, 'g'),
        requires: pattern.requires && withFlags(pattern.requires, ''),
        kinds: new Set(pattern.kinds ?? rule.kinds),
        scope: pattern.scope ?? 'line',
        level: pattern.level ?? rule.level,
        index: patterns.length,
        readsFiles: !launchOnly(rule, pattern),
        clauses: [],
      });
    }
  }
  const compiled: CompiledRules = {
    patterns,
    anchors: anchorIndex(patterns.filter((p) => p.readsFiles)),
    launchAnchors: anchorIndex(patterns.filter((p) => !p.readsFiles)),
    frontmatterRules: rules.filter((r) => r.frontmatter && enabled(r.id)),
    enabled,
    levelOf,
  };
  if (key !== undefined) cache.set(key, compiled);
  return compiled;
}

/** An automaton over these patterns' anchor literals, each pattern's clauses set to literal ids in it. */
function anchorIndex(members: readonly CompiledPattern[]): AnchorIndex {
  const literalIndex = new Map<string, number>();
  const idOf = (literal: string) => {
    let i = literalIndex.get(literal);
    if (i === undefined) literalIndex.set(literal, (i = literalIndex.size));
    return i;
  };
  for (const p of members)
    (p as { clauses: readonly Int32Array[] }).clauses = anchorsOf(p.rule, p.pattern).map((clause) => Int32Array.from(clause, idOf));
  const firstOf: number[][] = Array.from({ length: literalIndex.size }, () => []);
  for (const p of members) for (const literal of p.clauses[0] ?? []) firstOf[literal]!.push(p.index);
  return {
    automaton: new AnchorAutomaton([...literalIndex.keys()]),
    firstOf: firstOf.map((list) => Int32Array.from(list)),
    unanchored: members.filter((p) => p.clauses.length === 0),
  };
}

/** Whether each of the pattern's clauses has a literal that `present` says is there. */
export function anchorsPresent(p: CompiledPattern, present: (literal: number) => boolean): boolean {
  for (const clause of p.clauses) {
    let any = false;
    for (let i = 0; i < clause.length && !any; i++) any = present(clause[i]!);
    if (!any) return false;
  }
  return true;
}

const CONTINUATION = /\\\r?\n|\\\r/g;

/** A text's anchor literals: where each occurs, which occur at all (its joined view's too), and where lines continue. */
export interface TextAnchors {
  hits: AnchorHits;
  /** `found[literal]` is 1 when the literal occurs in the text or in its shell-joined view. */
  found: Uint8Array;
  /** Continuations (`\` at a line end) as offsets of the backslash, ascending: their windows are scanned joined too. */
  continuations: readonly number[];
}

/**
 * One scan of a text for every anchor literal, and of its shell-joined view where a line
 * continues (a trailing backslash joins the next line, so `cu\⏎rl` is `curl` to the command rules).
 */
export function scanAnchors(rules: CompiledRules, text: string, index: AnchorIndex = rules.anchors): TextAnchors {
  const { automaton } = index;
  const found = new Uint8Array(automaton.literals.length);
  const hits = automaton.scan(text);
  for (let i = 0; i < hits.count; i++) found[hits.literals[i]!] = 1;
  const continuations: number[] = [];
  if (text.includes('\\')) {
    CONTINUATION.lastIndex = 0;
    for (let m = CONTINUATION.exec(text); m; m = CONTINUATION.exec(text)) continuations.push(m.index);
  }
  if (continuations.length) {
    const joined = automaton.scan(joinedView(text));
    for (let i = 0; i < joined.count; i++) found[joined.literals[i]!] = 1;
  }
  return { hits, found, continuations };
}

/**
 * Visits the patterns of `index` whose anchors all occur (by `anchors.found`), starting from the
 * literals found: only a pattern whose first clause has one of them can qualify. `visit` returning true stops.
 */
function visitCandidates(rules: CompiledRules, index: AnchorIndex, anchors: TextAnchors, visit: (p: CompiledPattern) => boolean): void {
  const { found, hits } = anchors;
  const present = (literal: number) => found[literal] === 1;
  const { patterns } = rules;
  const tried = new Uint8Array(patterns.length);
  const from = (literal: number) => {
    for (const n of index.firstOf[literal]!) {
      if (tried[n]) continue;
      tried[n] = 1;
      if (anchorsPresent(patterns[n]!, present) && visit(patterns[n]!)) return true;
    }
    return false;
  };
  for (let i = 0; i < hits.count; i++) if (from(hits.literals[i]!)) return;
  // Literals only the joined view holds (a continuation inside a word).
  if (anchors.continuations.length) for (let l = 0; l < found.length; l++) if (found[l] === 1 && from(l)) return;
}

/**
 * The patterns that can match in `text` (or its joined view), in rule order: those whose anchors
 * all occur there, and those without anchors. `launch`: the text is what a config launches
 * (surfaces/launch-units.ts), read only by the launch patterns.
 */
export function candidatesIn(rules: CompiledRules, text: string, launch = false): CompiledPattern[] {
  const index = launch ? rules.launchAnchors : rules.anchors;
  const out = [...index.unanchored];
  visitCandidates(rules, index, scanAnchors(rules, text, index), (p) => {
    out.push(p);
    return false;
  });
  return out.sort((a, b) => a.index - b.index);
}

/** Whether a pattern that reads files can match the file's text at all. */
export function anyFileCandidate(rules: CompiledRules, anchors: TextAnchors): boolean {
  if (rules.anchors.unanchored.length) return true;
  let any = false;
  visitCandidates(rules, rules.anchors, anchors, () => (any = true));
  return any;
}
