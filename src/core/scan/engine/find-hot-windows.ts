import { scanDecodedPayloads } from '../decode/scan-decoded-payloads.js';
import type { SegmentKind } from '../scan-types.js';
import { joinedView, proseView } from '../segment/build-units.js';
import { anchorsPresent, type CompiledPattern, type CompiledRules, type TextAnchors } from './compile-rules.js';

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
}

export interface HotWindowInput {
  path: string;
  text: string;
  bounds: Int32Array;
  /** Indexes into `bounds` where a block can start (findBlockWindows): block-scope patterns read from one to the next. */
  blockStarts: Int32Array;
  rules: CompiledRules;
  anchors: TextAnchors;
  /** Segment kinds the file type can have. */
  possible: ReadonlySet<SegmentKind>;
  /** S006 is on: windows holding a payload that decodes to something worth reporting are hot. */
  decodeBlobs: boolean;
  /** Where runs that could decode start, and escape runs or character-code lists (payloadStarts). */
  payloads: PayloadStarts;
}

/** Where encoded payloads may start, ascending. */
export interface PayloadStarts {
  runs: readonly number[];
  escapes: readonly number[];
}

/** Line patterns that read only HTML comments are skipped where there is no `<!--`. */
function commentOnly(p: CompiledPattern): boolean {
  return p.kinds.size === 1 && p.kinds.has('html-comment');
}

const CONTINUED = /\\\r?\n|\\\r/;
/** A quote marker (`>` after at most three spaces or tabs) at a line start: each `>` found natively, then its line start checked. */
function hasQuote(text: string): boolean {
  for (let at = text.indexOf('>'); at >= 0; at = text.indexOf('>', at + 1)) {
    let i = at;
    while (i > 0 && at - i < 3 && (text.charCodeAt(i - 1) === 32 || text.charCodeAt(i - 1) === 9)) i--;
    if (i === 0 || text.charCodeAt(i - 1) === 10 || text.charCodeAt(i - 1) === 13) return true;
  }
  return false;
}
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
    if (this.prose === undefined) this.prose = this.quoted && hasQuote(this.raw) ? proseView(this.raw) : null;
    return this.prose;
  }
  /**
   * Whether `re` matches a view the pattern's kinds read (`reads`: READS_RAW | READS_FLAT).
   * `re` is the pattern's global RegExp, the one units are matched with: V8 compiles each
   * RegExp object on first use, and these are large.
   */
  test(re: RegExp, reads: number): boolean {
    if (matches(re, this.raw)) return true;
    // Where a continued line meets the end of its segment (a fence, an HTML block), its unit ends
    // at the backslash: neither the raw nor the joined view reads it so (`rm -rf ~\` then `~~~`),
    // so a window with a continuation counts as matched for a pattern that reads code.
    if (reads & READS_RAW && this.joinedView() !== null) return true;
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
 * The literals of each window, each once: window w's are `literals[offsets[w]]` up to
 * `literals[offsets[w + 1]]`. A literal counts in the window its last character is in (one
 * that runs on from the window before is an extra candidate, never a missed one), and a window
 * holding a continuation also has the literals of its joined text.
 */
function windowLiterals(input: HotWindowInput): { offsets: Int32Array; literals: Int32Array } {
  const { text, bounds, rules, anchors } = input;
  const { hits, continuations } = anchors;
  const windows = bounds.length - 1;
  const offsets = new Int32Array(windows + 1);
  const seen = new Int32Array(rules.anchors.automaton.literals.length).fill(-1);
  let literals = new Int32Array(Math.max(16, hits.count));
  let count = 0;
  const add = (literal: number, w: number) => {
    if (seen[literal] === w) return;
    seen[literal] = w;
    if (count === literals.length) {
      const grown = new Int32Array(count * 2);
      grown.set(literals);
      literals = grown;
    }
    literals[count++] = literal;
  };
  let h = 0;
  let c = 0;
  for (let w = 0; w < windows; w++) {
    offsets[w] = count;
    const start = bounds[w]!;
    const end = bounds[w + 1]!;
    for (; h < hits.count && hits.ends[h]! <= end; h++) add(hits.literals[h]!, w);
    let joined = false;
    for (; c < continuations.length && continuations[c]! < end; c++) joined = true;
    if (joined) {
      const extra = rules.anchors.automaton.scan(joinedView(text.slice(start, end)));
      for (let i = 0; i < extra.count; i++) add(extra.literals[i]!, w);
    }
  }
  offsets[windows] = count;
  return { offsets, literals: literals.subarray(0, count) };
}

/**
 * The prefilter, window by window. The anchor scan has listed the literals of the text
 * (regex-anchors.ts): a pattern is tried in a window only when each of its anchor clauses has
 * a literal there, and the window is hot when the pattern matches its raw, joined or prose text,
 * or when it holds an encoded payload that decodes to something worth a finding; a block window
 * (windows a block can span) is hot when a block-scope pattern matches it. Every unit is a
 * substring of one window's view, every block of one block window's, and patterns do not depend
 * on where their text ends (scan-rule.ts), so a cold window yields no hit: only hot windows are
 * parsed and matched unit by unit.
 */
export function findHotWindows(input: HotWindowInput): HotWindows {
  const { path, text, bounds, blockStarts, rules, possible } = input;
  const windows = bounds.length - 1;
  const hot = new Uint8Array(windows);
  const linePatterns = new Map<number, CompiledPattern[]>();
  const blockMatched = new Map<number, CompiledPattern[]>();
  const { patterns, anchors } = rules;
  const { firstOf, unanchored } = anchors;
  const { offsets, literals } = windowLiterals(input);
  const continued = input.anchors.continuations.length > 0;
  const quoted = hasQuote(text);
  const viewsOf = (from: number, to: number) => new TextViews(text.slice(from, to), continued, quoted);
  const stamp = new Int32Array(anchors.automaton.literals.length).fill(-1);
  const tried = new Int32Array(patterns.length).fill(-1);
  const reads = new Int8Array(patterns.length).fill(-1);
  const readsFor = (p: CompiledPattern) => (reads[p.index] === -1 ? (reads[p.index] = readsOf(p, possible)) : reads[p.index]!);
  const hasComment = text.includes('<!--');

  /** Patterns of `scope` worth trying in `[from, to)` whose literals are `literals[first, last)`, stamped `mark`. */
  const candidatesIn = (first: number, last: number, mark: number, scope: 'line' | 'block', each: (p: CompiledPattern) => void) => {
    for (let i = first; i < last; i++) stamp[literals[i]!] = mark;
    const present = (literal: number) => stamp[literal] === mark;
    const consider = (p: CompiledPattern) => {
      if (tried[p.index] === mark) return;
      tried[p.index] = mark;
      if (p.scope === scope && readsFor(p) !== 0 && anchorsPresent(p, present)) each(p);
    };
    for (let i = first; i < last; i++) for (const n of firstOf[literals[i]!]!) consider(patterns[n]!);
    for (const p of unanchored) consider(p);
  };

  // Block-scope patterns: each block window whose literals can wake one. Marks count down from -2 so they never meet a window's.
  for (let b = 0; b + 1 < blockStarts.length; b++) {
    const first = blockStarts[b]!;
    const last = blockStarts[b + 1]!;
    if (offsets[first] === offsets[last] && !unanchored.length) continue;
    let views: TextViews | undefined;
    const matched: CompiledPattern[] = [];
    candidatesIn(offsets[first]!, offsets[last]!, -2 - b, 'block', (p) => {
      views ??= viewsOf(bounds[first]!, bounds[last]!);
      if (views.test(p.global, readsFor(p)) && (!p.requires || views.test(p.requires, readsFor(p)))) matched.push(p);
    });
    if (matched.length) {
      blockMatched.set(first, matched);
      hot.fill(1, first, last);
    }
  }

  // Line-scope patterns and encoded payloads: window by window.
  const { escapes, runs } = input.payloads;
  let escape = 0;
  let run = 0;
  for (let w = 0; w < windows; w++) {
    const start = bounds[w]!;
    const end = bounds[w + 1]!;
    while (escape < escapes.length && escapes[escape]! < start) escape++;
    while (run < runs.length && runs[run]! < start) run++;
    let views: TextViews | undefined;
    const escapeHere = escape < escapes.length && escapes[escape]! < end;
    const blobHere = run < runs.length && runs[run]! < end;
    // A continuation can join two short runs into one blob: such windows are decoded as the units will read them.
    if (input.decodeBlobs && (blobHere || escapeHere || continued)) {
      views = viewsOf(start, end);
      if ((blobHere || escapeHere || views.joinedView() !== null) && decodesToFinding(views, rules, path)) hot[w] = 1;
    }
    if (offsets[w] === offsets[w + 1] && !unanchored.length) continue;
    let matched: CompiledPattern[] | undefined;
    candidatesIn(offsets[w]!, offsets[w + 1]!, w, 'line', (p) => {
      if (commentOnly(p) && !hasComment) return;
      views ??= viewsOf(start, end);
      if (commentOnly(p) && !views.raw.includes('<!--')) return;
      if (views.test(p.global, readsFor(p))) (matched ??= []).push(p);
    });
    if (matched) {
      hot[w] = 1;
      linePatterns.set(w, matched);
    }
  }
  return { bounds, hot, any: hot.includes(1), linePatterns, blockPatterns: blockMatched, blockStarts };
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
