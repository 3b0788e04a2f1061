import type { ScanLevel } from '../finding.js';

/**
 * What a piece of a file is, as the scanner sees it. Rules say which kinds they read:
 * command rules read code, prose rules read prose and HTML comments.
 */
export type SegmentKind =
  /** The YAML block that opens a Markdown file. */
  | 'frontmatter'
  /** Fenced or indented code, a Claude Code `!`cmd`` pre-run command, a frontmatter hook, a script. */
  | 'code'
  /** A Markdown inline code span. */
  | 'inline-code'
  /** Markdown HTML (block or inline) that is not a comment. */
  | 'html'
  /** `<!-- … -->`: invisible when rendered, read by the model. */
  | 'html-comment'
  /** Paragraphs, headings, link definitions. */
  | 'prose'
  /** A string value of a JSON or YAML file (read as code). */
  | 'value'
  /**
   * What a config makes an agent client start or call, as one descriptor line: `server <name> runs
   * <command line>`, `server <name> connects <url>`, `server <name> gets env <KEY>=<value> for …`,
   * `hook <event> runs <command>`, `settings env <KEY>=<value>` (surfaces/launch-units.ts). Only
   * the MCP and hook rules read it; the command lines themselves are also code.
   */
  | 'launch';

export const ALL_KINDS: readonly SegmentKind[] = ['frontmatter', 'code', 'inline-code', 'html', 'html-comment', 'prose', 'value'];
/** Kinds where commands live. */
export const CODE_KINDS: readonly SegmentKind[] = ['code', 'inline-code', 'value'];
/** Kinds the model reads as language. */
export const PROSE_KINDS: readonly SegmentKind[] = ['prose', 'html', 'html-comment', 'frontmatter', 'value'];

/** Why a code segment is code, for messages. */
export type SegmentOrigin = 'fence' | 'indented' | 'pre-run' | 'hook' | 'script' | 'fallback' | 'decoded' | 'launch' | 'inline-script';

/** A range of the file text with a kind; `start`/`end` are offsets into the decoded text. */
export interface Segment {
  kind: SegmentKind;
  start: number;
  end: number;
  /** Fenced code info string. */
  info?: string;
  origin?: SegmentOrigin;
  /** A trailing backslash does not continue the line (PowerShell, batch). */
  noContinuation?: boolean;
}

/**
 * What a rule's patterns run on: a logical line of code (continuations joined) or a
 * flattened prose block. `pieces` map positions in `text` back to file offsets.
 */
export interface ScanUnit {
  kind: SegmentKind;
  text: string;
  /** Ascending `[textIndex, fileOffset]` pairs: text[i] sits at fileOffset + (i - textIndex) of the last pair with textIndex ≤ i. */
  pieces: ReadonlyArray<readonly [number, number]>;
  /** Units of one code block share a block: block-scope patterns read the whole block. */
  block: number;
  origin?: SegmentOrigin;
}

/** A code block, read whole by block-scope patterns. */
export interface ScanBlock {
  id: number;
  kind: SegmentKind;
  start: number;
  end: number;
}

/** One rule match before it becomes a Finding. Offsets are into the file text. */
export interface RuleHit {
  ruleId: string;
  level: ScanLevel;
  start: number;
  end: number;
  /** The matched text, as found (the message escapes and truncates it). */
  matched: string;
  /** Extra words for the message (what a blob decodes to, the hidden Tag message). */
  detail?: string;
  /** Why, when the pattern says it better than the rule. */
  why?: string;
  /** Logical line (1-based) for "one finding per rule per line"; a joined line counts at its first line. */
  line: number;
  /** The rule pattern that matched (rule data): its signals are the evidence this hit gives. */
  pattern?: string;
  /** Signals this match is evidence of, when the pattern's `accept` decided them (else the pattern's). */
  signals?: readonly string[];
  /** The text just before presents it as a thing not to do or as an example ("never run", "such as"). */
  cautioned?: boolean;
}

/** A file-level diagnostic that is not a rule (`scan/…`). */
export interface ScanDiagnostic {
  ruleId: string;
  severity: 'error' | 'warning' | 'notice';
  message: string;
  help?: string;
  line?: number;
  column?: number;
}
