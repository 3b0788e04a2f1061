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
    index = { line, lineByKeyword, block: rules.patterns.filter((p) => p.scope === 'block') };
    indexes.set(rules, index);
  }
  return index;
}

const CONTINUED = /\\\r?\n|\\\r/;
const QUOTED = /(?:^|[\r\n])[ \t]{0,3}>/;

/** The views of a stretch of text that units can be cut from, for the kinds a pattern reads. */
class TextViews {
  private joined?: string | null;
  private prose?: string | null;
  constructor(readonly raw: string) {}
  joinedView(): string | null {
    if (this.joined === undefined) this.joined = CONTINUED.test(this.raw) ? joinedView(this.raw) : null;
    return this.joined;
  }
  proseView(): string | null {
    // Without quote markers the prose view differs from the raw text only where a line break became a space, which no pattern can tell apart.
    if (this.prose === undefined) this.prose = QUOTED.test(this.raw) ? proseView(this.raw) : null;
    return this.prose;
  }
  /** Whether `re` matches a view the pattern's kinds read. */
  test(re: RegExp, reads: Reads): boolean {
    if (re.test(this.raw)) return true;
    if (reads.raw && this.joinedView() !== null && re.test(this.joinedView()!)) return true;
    return reads.flat && this.proseView() !== null && re.test(this.proseView()!);
  }
}

interface Reads {
  raw: boolean;
  flat: boolean;
}

function readsOf(p: CompiledPattern, possible: ReadonlySet<SegmentKind>): Reads {
  let raw = false;
  let flat = false;
  for (const k of p.kinds) {
    if (!possible.has(k)) continue;
    if (RAW_KINDS.has(k)) raw = true;
    if (FLAT_KINDS.has(k)) flat = true;
  }
  return { raw, flat };
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
  const survey = rules.automaton.scanWindows(text, bounds);
  const found = new Uint8Array(rules.automaton.keywords.length);
  for (const k of survey.keywords) found[k] = 1;
  const patterns = candidatePatterns(rules, found);
  const index = indexOf(rules);
  const reads = new Map<CompiledPattern, Reads>();
  const readsFor = (p: CompiledPattern): Reads => {
    let r = reads.get(p);
    if (!r) reads.set(p, (r = readsOf(p, possible)));
    return r;
  };
  const candidateSet = new Set(patterns);

  // Block-scope patterns: each block window holding the pattern's keywords.
  const blockPatterns = index.block.filter((p) => candidateSet.has(p) && (readsFor(p).raw || readsFor(p).flat));
  if (blockPatterns.length) {
    const present = new Uint8Array(found.length);
    for (let b = 0; b + 1 < blockStarts.length; b++) {
      const first = blockStarts[b]!;
      const last = blockStarts[b + 1]!;
      present.fill(0);
      for (let i = survey.offsets[first]!; i < survey.offsets[last]!; i++) present[survey.keywords[i]!] = 1;
      let views: TextViews | undefined;
      for (const p of blockPatterns) {
        if (!p.keywordIndexes.some((k) => present[k]) || (p.alsoIndexes.length && !p.alsoIndexes.some((k) => present[k]))) continue;
        views ??= new TextViews(text.slice(bounds[first]!, bounds[last]!));
        const r = readsFor(p);
        if (views.test(p.re, r) && (!p.requires || views.test(p.requires, r))) {
          hot.fill(1, first, last);
          break;
        }
      }
    }
  }

  // Line-scope patterns and encoded payloads: window by window.
  const present = new Int32Array(found.length).fill(-1);
  const tried = new Int32Array(index.line.length).fill(-1);
  const escapes = input.decodeBlobs && hasEscapedPayloadShape(text) ? escapedPayloadStarts(text) : [];
  let escape = 0;
  for (let w = 0; w < windows; w++) {
    if (hot[w]) continue;
    const start = bounds[w]!;
    const end = bounds[w + 1]!;
    while (escape < escapes.length && escapes[escape]! < start) escape++;
    let views: TextViews | undefined;
    if (input.decodeBlobs && (survey.blobs[w] || (escape < escapes.length && escapes[escape]! < end))) {
      views = new TextViews(text.slice(start, end));
      if (decodesToFinding(views, rules, path)) {
        hot[w] = 1;
        continue;
      }
    }
    const from = survey.offsets[w]!;
    const to = survey.offsets[w + 1]!;
    for (let i = from; i < to; i++) present[survey.keywords[i]!] = w;
    scan: for (let i = from; i < to; i++) {
      for (const n of index.lineByKeyword[survey.keywords[i]!]!) {
        if (tried[n] === w) continue;
        tried[n] = w;
        const p = index.line[n]!;
        if (p.alsoIndexes.length && !p.alsoIndexes.some((k) => present[k] === w)) continue;
        const r = readsFor(p);
        if (!r.raw && !r.flat) continue;
        views ??= new TextViews(text.slice(start, end));
        if (p.kinds.size === 1 && p.kinds.has('html-comment') && !views.raw.includes('<!--')) continue;
        if (views.test(p.re, r)) {
          hot[w] = 1;
          break scan;
        }
      }
    }
  }
  return { bounds, hot, any: hot.includes(1), patterns };
}

/** Whether a blob in any view of the window decodes to a payload worth a finding (as scanDecodedPayloads judges it per unit). */
function decodesToFinding(views: TextViews, rules: CompiledRules, path: string): boolean {
  for (const view of [views.raw, views.joinedView(), views.proseView()]) {
    if (view !== null && scanDecodedPayloads(view, rules, path).length) return true;
  }
  return false;
}

/** Whether `[start, end)` overlaps a hot window (an empty range asks about the window holding `start`). */
export function overlapsHot(windows: HotWindows, start: number, end: number): boolean {
  const { bounds, hot } = windows;
  let lo = 0;
  let hi = bounds.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (bounds[mid]! <= start) lo = mid;
    else hi = mid - 1;
  }
  for (let w = lo; w < bounds.length - 1 && bounds[w]! < Math.max(end, start + 1); w++) if (hot[w]) return true;
  return false;
}
