import type { ScanLevel } from '../../finding.js';
import type { ParsedFrontmatter } from '../../frontmatter/parse-frontmatter.js';
import type { SegmentKind } from '../scan-types.js';
import type { Signal } from '../evidence/signals.js';

/** What a pattern's `accept` sees besides the match. */
export interface MatchContext {
  /** The whole unit (or block) text the pattern ran on. */
  text: string;
  /** Repo-relative path of the file. */
  path: string;
  /** Kind of the segment the text came from. */
  kind: SegmentKind;
}

/**
 * One regular expression of a rule. Written so that it runs in linear time (no nested
 * quantifiers over overlapping classes; repetitions bounded) and so that the raw-file
 * prefilter stays a superset of the per-segment match: no `^`/`$`, no unescaped `.`,
 * no literal space (use `\s`), no `\n` in classes. The prefilter's anchors (the literals a
 * text must hold for the pattern to match in it) are derived from the regex itself
 * (engine/regex-anchors.ts): there is no keyword list to keep in step.
 */
export interface RulePattern {
  /** Short name, unique within the rule (tests and docs refer to it). */
  id: string;
  /**
   * A named group `lead` captured in a lookbehind is the part of the finding before the
   * match (`(?<=(?<lead>curl[^|]{0,1000}))\|…`): anchoring on the rarer character keeps
   * long commands linear to scan.
   */
  re: RegExp;
  /** Defaults to the rule's kinds. */
  kinds?: readonly SegmentKind[];
  /** `line` (default): each logical line / prose block. `block`: the whole code block (a script: the file). */
  scope?: 'line' | 'block';
  /** Block scope: another pattern that must also occur somewhere in the same block. */
  requires?: RegExp;
  /** Defaults to the rule's level. */
  level?: ScanLevel;
  /** Why, when it differs from the rule's. */
  why?: string;
  /** Look at the match in context: false drops it, a level replaces the pattern's, an object also says which signals it gives. */
  accept?: (match: RegExpExecArray, context: MatchContext) => AcceptResult;
  /** What a match is evidence of (evidence/signals.ts); defaults to the rule's. */
  signals?: readonly Signal[];
  /** The match is evidence for other findings (a compound), never a finding of its own. */
  evidenceOnly?: boolean;
}

/** What `accept` says about a match: drop it (false), keep it (true), at a level, or with its own signals. */
export type AcceptResult = boolean | ScanLevel | { level?: ScanLevel; signals: readonly Signal[] };

/** A structural check on a Markdown file's frontmatter (allowed-tools, name, description). */
export interface FrontmatterHit {
  level?: ScanLevel;
  line: number;
  matched: string;
  why?: string;
}

export interface FrontmatterCheckInput {
  path: string;
  frontmatter: ParsedFrontmatter;
  /** 1-based file lines of the frontmatter block, for finding a value's line. */
  lineText(line: number): string;
}

export type RuleExample = string | { text: string; path?: string; level?: ScanLevel };

export interface ScanRule {
  id: string;
  name: string;
  level: ScanLevel;
  /** Segment kinds the patterns read (each pattern may narrow or widen it). */
  kinds: readonly SegmentKind[];
  patterns: readonly RulePattern[];
  /** What a match of this rule is evidence of, unless a pattern says otherwise. */
  signals: readonly Signal[];
  /**
   * A single-signal HIGH command that the text just before presents as something not to do,
   * or as an example ("never run", "blocked:", "such as"), is reported as MEDIUM. A compound
   * (evidence/signals.ts) stays HIGH whatever the wording: the author writes the wording.
   */
  lowerWhenCautioned?: boolean;
  /** Checks that read the parsed frontmatter instead of text. */
  frontmatter?: (input: FrontmatterCheckInput) => FrontmatterHit[];
  /** Why it is dangerous (goes in the message). */
  why: string;
  /** How to fix it (the finding's help). */
  fix: string;
  /**
   * Text that must produce a finding of this rule, and text that must not. A plain string is
   * a Markdown file for prose rules and a shell script for command rules; `path` picks the
   * file type explicitly.
   */
  examples: { match: readonly RuleExample[]; noMatch: readonly RuleExample[] };
}

/** Order of levels, highest first. */
export const LEVEL_RANK: Record<ScanLevel, number> = { HIGH: 3, MEDIUM: 2, LOW: 1 };

/** The whole matched text, including a `lead` captured in a lookbehind. */
export function wholeMatch(match: RegExpExecArray): string {
  return (match.groups?.lead ?? '') + match[0];
}

export function maxLevel(a: ScanLevel, b: ScanLevel): ScanLevel {
  return LEVEL_RANK[a] >= LEVEL_RANK[b] ? a : b;
}
