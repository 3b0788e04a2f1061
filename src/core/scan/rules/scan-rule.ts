import type { ScanLevel } from '../../finding.js';
import type { ParsedFrontmatter } from '../../frontmatter/parse-frontmatter.js';
import type { Capability } from '../scan-types.js';

/**
 * What a detector reads:
 * - `code`: code blocks, scripts, command lines, one logical line at a time;
 * - `inline`: Markdown inline code spans (and `!`cmd`` pre-run commands);
 * - `config`: lines of JSON, YAML, TOML, INI and .env files (values are read as code and as text);
 * - `prose`: paragraphs, list items, headings and table rows, line breaks read as spaces;
 * - `comment`: HTML comments (invisible when rendered, read by the model);
 * - `frontmatter`: the YAML block that opens a Markdown file;
 * - `launch`: what an MCP server, hook or setting starts, as one descriptor line (surfaces/launch-units.ts).
 */
export type ReadKind = 'code' | 'inline' | 'config' | 'prose' | 'comment' | 'frontmatter' | 'launch';

export const CODE: readonly ReadKind[] = ['code', 'inline', 'config'];
export const PROSE: readonly ReadKind[] = ['prose', 'comment', 'frontmatter', 'config'];
export const ALL: readonly ReadKind[] = ['code', 'inline', 'config', 'prose', 'comment'];

/** What a detector's `accept` sees besides the match. */
export interface MatchContext {
  /** The text the detector ran on (a logical line, a paragraph, a whole unit). */
  text: string;
  /** Repository path of the file. */
  path: string;
  kind: ReadKind;
  /** Environment variable names the operator passes to agents and verify commands (`ralph.passEnv`): secrets by definition. */
  secretNames: ReadonlySet<string>;
  /** The whole unit the text belongs to (a script, a code block, a paragraph): where a value set on one line is used on another. */
  unitText: string;
  /** The whole file the unit is in: where a step uses what an earlier step made (a file downloaded in one block, run in another). */
  fileText?: string;
  /** What an MCP server, hook or setting launches (the agent client runs it on its own). */
  launched?: boolean;
}

/** What `accept` says about a match: drop it (false), keep it (true), at a level, or with what it shows. */
export type AcceptResult =
  | boolean
  | ScanLevel
  | {
      level?: ScanLevel;
      capabilities?: readonly Capability[];
      detail?: string;
      hosts?: readonly string[];
      owners?: readonly string[];
      evidenceOnly?: boolean;
    };

/**
 * One regular expression of a rule and what a match of it shows. Written to run in linear time
 * (repetitions bounded, no nested quantifiers over overlapping classes: test/scan/regex-safety.test.ts).
 * `keywords` are the prefilter: a detector runs only on text that holds one of them, so every
 * match must hold one (test/scan/detector-keywords.test.ts proves it on every example and corpus
 * file). A keyword is matched case-insensitively, with any run of whitespace or Markdown marks
 * (`*`, `_`, `~`, `>`) as one space; `^word` must start a word and `word$` must end one.
 */
export interface Detector {
  /** Short name, unique within the rule (tests and docs refer to it). */
  id: string;
  keywords: readonly string[];
  /**
   * A second part every match also holds (the verb of "collect … the tokens", the place of "send … to
   * a server"): a keyword wakes the detector only where one of these occurs in the same text too.
   */
  alsoKeywords?: readonly string[];
  /**
   * Every match starts where one of these keywords starts (`keywords`, `alsoKeywords`, or `either`): the
   * detector is tried only there, not along the whole text (test/scan/detector-keywords.test.ts proves it).
   */
  leads?: 'keywords' | 'alsoKeywords' | 'either';
  /**
   * A named group `lead` captured in a lookbehind is the part of the evidence before the match
   * (`(?<=(?<lead>curl[^|]{0,1000}))\|…`): anchoring on the rarer character keeps long commands linear.
   */
  re: RegExp;
  /** Defaults to the rule's. */
  reads?: readonly ReadKind[];
  /** `line` (default): each logical line of code, each prose text. `unit`: the whole unit (a code block, a script). */
  scope?: 'line' | 'unit';
  /** Unit scope: another pattern that must also occur somewhere in the unit. */
  requires?: RegExp;
  /** Defaults to the rule's. */
  capabilities?: readonly Capability[];
  /** The level of a match alone; defaults to the rule's. */
  level?: ScanLevel;
  /** Why, when it differs from the rule's. */
  why?: string;
  /** Looks at the match in context: false drops it; otherwise its level and what it shows. */
  accept?: (match: RegExpExecArray, context: MatchContext) => AcceptResult;
  /** Evidence for a compound only, never a finding by itself (a download saved to disk, an upload). */
  evidenceOnly?: boolean;
  /** What it looks for is text in strings (a credential path, a key): a match in a quoted string is still evidence. */
  inStrings?: boolean;
}

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
  /** The highest level a finding of this rule takes (docs, SARIF); each finding's level is judged. */
  level: ScanLevel;
  /** What the detectors read unless one says otherwise. */
  reads: readonly ReadKind[];
  detectors: readonly Detector[];
  /** What a match of this rule shows, unless a detector says otherwise. */
  capabilities: readonly Capability[];
  /** Checks that read the parsed frontmatter instead of text. */
  frontmatter?: (input: FrontmatterCheckInput) => FrontmatterHit[];
  /** Why it is dangerous (goes in the message). */
  why: string;
  /** How to fix it (the finding's help). */
  fix: string;
  /**
   * Text that must produce a finding of this rule (at `level`, when given), and text that must
   * not. A plain string is a Markdown file for prose rules and a shell script for command
   * rules; `path` picks the file type explicitly.
   */
  examples: { match: readonly RuleExample[]; noMatch: readonly RuleExample[] };
}

/** Order of levels, highest first. */
export const LEVEL_RANK: Record<ScanLevel, number> = { HIGH: 3, MEDIUM: 2, LOW: 1 };
