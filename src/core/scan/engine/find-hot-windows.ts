import { scanDecodedPayloads } from '../decode/scan-decoded-payloads.js';
import { escapedPayloadStarts, hasEscapedPayloadShape } from '../decode/find-encoded-blobs.js';
import type { SegmentKind } from '../scan-types.js';
import { joinedView, proseView } from '../segment/build-units.js';
import { candidatePatterns, type CompiledPattern, type CompiledRules } from './compile-rules.js';

/** Kinds whose units are cut from the raw text (code lines, config values, frontmatter lines). */
export const RAW_KINDS: ReadonlySet<SegmentKind> = new Set(['code', 'value', 'frontmatter']);
/** Kinds whose units are cut from the prose view (line breaks and quote markers blanked). */
export const FLAT_KINDS: ReadonlySet<SegmentKind> = new Set(['prose', 'html', 'html-comment', 'inline-code']);

export interface HotWindows {
  /** Window bounds (findWindows): window w is `[bounds[w], bounds[w + 1])`. */
  bounds: Int32Array;
  /** 1 where a pattern can match in the window, or it holds an encoded payload worth a finding. */
  hot: Uint8Array;
  /** The line-scope patterns that matched each hot window: the only ones its units need. */
  linePatterns: Map<number, CompiledPattern[]>;
  /** Block-scope patterns that matched a block window, by the window it starts at. */
  blockPatterns: Map<number, CompiledPattern[]>;
  blockStarts: Int32Array;
  /** Anything at all to segment. */
  any: boolean;
  /** The file's candidate patterns: those whose keywords occur somewhere in it. */
  patterns: CompiledPattern[];
}

export interface HotWindowInput {
  path: string;
  text: string;
  bounds: Int32Array;
  /** Indexes into `bounds` where a block can start (findBlockWindows): block-scope patterns read from one to the next. */
  blockStarts: Int32Array;
  rules: CompiledRules;
  /** Segment kinds the file type can have. */
  possible: ReadonlySet<SegmentKind>;
  /** S006 is on: windows holding a payload that decodes to something worth reporting are hot. */
  decodeBlobs: boolean;
}

/** Per compiled rule set: line-scope patterns by keyword, and the block-scope patterns. */
interface PatternIndex {
  line: CompiledPattern[];
  lineByKeyword: number[][];
  /** Line patterns that read only HTML comments (skipped where there is no `<!--`). */
  commentOnly: Uint8Array;
  block: CompiledPattern[];
}

const indexes = new WeakMap<CompiledRules, PatternIndex>();

function indexOf(rules: CompiledRules): PatternIndex {
  let index = indexes.get(rules);
  if (!index) {
    const line = rules.patterns.filter((p) => p.scope === 'line');
    const lineByKeyword: number[][] = Array.from({ length: rules.automaton.keywords.length }, () => []);
    line.forEach((p, i) => {
      for (const k of p.keywordIndexes) lineByKeyword[k]!.push(i);
    });
    const commentOnly = Uint8Array.from(line, (p) => (p.kinds.size === 1 && p.kinds.has('html-comment') ? 1 : 0));
    index = { line, lineByKeyword, commentOnly, block: rules.patterns.filter((p) => p.scope === 'block') };
    indexes.set(rules, index);
  }
  return index;
}

const CONTINUED = /\\\r?\n|\\\r/;
const QUOTED = /(?:^|[\r\n])[ \t]{0,3}>/;
const READS_RAW = 1;
const READS_FLAT = 2;

/** The views of a stretch of text that units can be cut from, built when a pattern needs them. */
class TextViews {
  private joined?: string | null;
  private prose?: string | null;
  /** `continued`/`quoted`: whether the file has continuations or quote markers at all. */
  constructor(
    readonly raw: string,
    private readonly continued: boolean,
    private readonly quoted: boolean,
  ) {}
  joinedView(): string | null {
    if (this.joined === undefined) this.joined = this.continued && CONTINUED.test(this.raw) ? joinedView(this.raw) : null;
    return this.joined;
  }
  proseView(): string | null {
    // Without quote markers the prose view differs from the raw text only where a line break became a space, which no pattern can tell apart.
    if (this.prose === undefined) this.prose = this.quoted && QUOTED.test(this.raw) ? proseView(this.raw) : null;
    return this.prose;
  }
  /**
   * Whether `re` matches a view the pattern's kinds read (`reads`: READS_RAW | READS_FLAT).
   * `re` is the pattern's global RegExp, the one units are matched with: V8 compiles each
   * RegExp object on first use, and these are large.
   */
  test(re: RegExp, reads: number): boolean {
    if (matches(re, this.raw)) return true;
    if (reads & READS_RAW && this.joinedView() !== null && matches(re, this.joined!)) return true;
    return (reads & READS_FLAT) !== 0 && this.proseView() !== null && matches(re, this.prose!);
  }
}

function matches(re: RegExp, text: string): boolean {
  re.lastIndex = 0;
  const found = re.test(text);
  re.lastIndex = 0;
  return found;
}

function readsOf(p: CompiledPattern, possible: ReadonlySet<SegmentKind>): number {
  let reads = 0;
  for (const k of p.kinds) {
    if (!possible.has(k)) continue;
    if (RAW_KINDS.has(k)) reads |= READS_RAW;
    if (FLAT_KINDS.has(k)) reads |= READS_FLAT;
  }
  return reads;
}

/**
 * The prefilter, window by window. A window is hot when a line-scope pattern whose keywords
 * occur in it matches its raw, joined or prose text, or when it holds an encoded payload that
 * decodes to something worth a finding; a block window (windows a block can span) is hot when
 * a block-scope pattern matches it. Every unit is a substring of one window's view, every block
 * of one block window's, and patterns do not depend on where their text ends (scan-rule.ts), so
 * a cold window yields no hit: only hot windows are parsed and matched unit by unit. Each
 * pattern runs on the windows holding its keywords, never over the whole file.
 */
export function findHotWindows(input: HotWindowInput): HotWindows {
  const { path, text, bounds, blockStarts, rules, possible } = input;
  const windows = bounds.length - 1;
  const hot = new Uint8Array(windows);
  const linePatterns = new Map<number, CompiledPattern[]>();
  const blockMatched = new Map<number, CompiledPattern[]>();
  const survey = rules.automaton.scanWindows(text, bounds);
  const found = new Uint8Array(rules.automaton.keywords.length);
  for (const k of survey.keywords) found[k] = 1;
  const patterns = candidatePatterns(rules, found);
  const index = indexOf(rules);
  const continued = CONTINUED.test(text);
  const quoted = QUOTED.test(text);
  const viewsOf = (from: number, to: number) => new TextViews(text.slice(from, to), continued, quoted);

  // Block-scope patterns: each block window holding the pattern's keywords.
  const candidates = new Set(patterns);
  const blockPatterns = index.block.filter((p) => candidates.has(p) && readsOf(p, possible) !== 0);
  if (blockPatterns.length) {
    const present = new Uint8Array(found.length);
    for (let b = 0; b + 1 < blockStarts.length; b++) {
      const first = blockStarts[b]!;
      const last = blockStarts[b + 1]!;
      present.fill(0);
      for (let i = survey.offsets[first]!; i < survey.offsets[last]!; i++) present[survey.keywords[i]!] = 1;
      let views: TextViews | undefined;
      const matched: CompiledPattern[] = [];
      for (const p of blockPatterns) {
        if (!p.keywordIndexes.some((k) => present[k]) || (p.alsoIndexes.length && !p.alsoIndexes.some((k) => present[k]))) continue;
        views ??= viewsOf(bounds[first]!, bounds[last]!);
        const reads = readsOf(p, possible);
        if (views.test(p.global, reads) && (!p.requires || views.test(p.requires, reads))) matched.push(p);
      }
      if (matched.length) {
        blockMatched.set(first, matched);
        hot.fill(1, first, last);
      }
    }
  }

  // Line-scope patterns and encoded payloads: window by window.
  const reads = new Int8Array(index.line.length).fill(-1);
  const present = new Int32Array(found.length).fill(-1);
  const tried = new Int32Array(index.line.length).fill(-1);
  const escapes = input.decodeBlobs && hasEscapedPayloadShape(text) ? escapedPayloadStarts(text) : [];
  let escape = 0;
  for (let w = 0; w < windows; w++) {
    const start = bounds[w]!;
    const end = bounds[w + 1]!;
    while (escape < escapes.length && escapes[escape]! < start) escape++;
    let views: TextViews | undefined;
    const escapeHere = escape < escapes.length && escapes[escape]! < end;
    // A continuation can join two short runs into one blob: such windows are decoded as the units will read them.
    if (input.decodeBlobs && (survey.blobs[w] || escapeHere || continued)) {
      views = viewsOf(start, end);
      if ((survey.blobs[w] || escapeHere || views.joinedView() !== null) && decodesToFinding(views, rules, path)) hot[w] = 1;
    }
    let matched: CompiledPattern[] | undefined;
    const from = survey.offsets[w]!;
    const to = survey.offsets[w + 1]!;
    for (let i = from; i < to; i++) present[survey.keywords[i]!] = w;
    for (let i = from; i < to; i++) {
      for (const n of index.lineByKeyword[survey.keywords[i]!]!) {
        if (tried[n] === w) continue;
        tried[n] = w;
        const p = index.line[n]!;
        if (p.alsoIndexes.length && !p.alsoIndexes.some((k) => present[k] === w)) continue;
        if (reads[n] === -1) reads[n] = readsOf(p, possible);
        if (reads[n] === 0) continue;
        views ??= viewsOf(start, end);
        if (index.commentOnly[n] && !views.raw.includes('<!--')) continue;
        if (views.test(p.global, reads[n]!)) (matched ??= []).push(p);
      }
    }
    if (matched) {
      hot[w] = 1;
      linePatterns.set(w, matched);
    }
  }
  return { bounds, hot, any: hot.includes(1), patterns, linePatterns, blockPatterns: blockMatched, blockStarts };
}

/** The window holding `offset`. */
function windowAt(bounds: Int32Array, offset: number): number {
  let lo = 0;
  let hi = bounds.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (bounds[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

const NONE: readonly CompiledPattern[] = [];

/** The line-scope patterns a unit starting at `offset` can match (those that matched its window). */
export function linePatternsAt(windows: HotWindows, offset: number): readonly CompiledPattern[] {
  return windows.linePatterns.get(windowAt(windows.bounds, offset)) ?? NONE;
}

/** The block-scope patterns a block starting at `offset` can match (those that matched its block window). */
export function blockPatternsAt(windows: HotWindows, offset: number): readonly CompiledPattern[] {
  const w = windowAt(windows.bounds, offset);
  const starts = windows.blockStarts;
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= w) lo = mid;
    else hi = mid - 1;
  }
  return windows.blockPatterns.get(starts[lo]!) ?? NONE;
}

/** Whether a blob in any view of the window decodes to a payload worth a finding (as scanDecodedPayloads judges it per unit). */
function decodesToFinding(views: TextViews, rules: CompiledRules, path: string): boolean {
  for (const view of [views.raw, views.joinedView(), views.proseView()]) {
    if (view !== null && scanDecodedPayloads(view, rules, path, 1).length) return true;
  }
  return false;
}

/** Whether `[start, end)` overlaps a hot window (an empty range asks about the window holding `start`). */
export function overlapsHot(windows: HotWindows, start: number, end: number): boolean {
  const { bounds, hot } = windows;
  for (let w = windowAt(bounds, start); w < bounds.length - 1 && bounds[w]! < Math.max(end, start + 1); w++) if (hot[w]) return true;
  return false;
}
