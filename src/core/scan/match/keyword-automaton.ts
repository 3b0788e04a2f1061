import { isFoldCode, literalText, NOT_ASCII, WIDE_SPACES, WORD_BOUNDARY } from './fold-keyword.js';

/** Where keywords occur: keyword `literals[i]` ends just before text offset `ends[i]`, ascending by end. */
export interface KeywordHits {
  literals: Int32Array;
  ends: Int32Array;
  count: number;
  /** Where runs of 40 or more base64 or hex characters start, in text order (what the decoder reads). */
  runs: number[];
}

/**
 * Aho–Corasick over folded keywords (`foldKeyword`): one pass over a text finds every place
 * a keyword occurs as rules read text — letters in either case, any run of
 * separators (whitespace, `*`, `_`, `~`, `>`) as one space. The alphabet is the characters the
 * literals use (every other character sends the scan back to the root), so the table stays small
 * however many literals there are.
 */
export class KeywordAutomaton {
  /** UTF-16 code unit → alphabet class (0: a character no literal holds). */
  private readonly classOf: Uint8Array;
  private readonly width: number;
  /**
   * state * width + class → next state, with the reporting bit set when a literal ends there, in
   * 16 bits when the states fit (else 32). A state entered on a separator loops on further
   * separators without reporting again: the scan reads a run of them as one.
   */
  private readonly next16?: Uint16Array;
  private readonly next?: Int32Array;
  /** Literals ending in a state (through failure links): outputs[outStart[s] .. outStart[s + 1]). */
  private readonly outStart: Int32Array;
  private readonly outputs: Int32Array;
  /** Per literal: its length, and whether it must start or end at a word boundary (START | END). */
  private readonly lengths: Int32Array;
  /** The literals without boundary marks, and the alphabet class of a separator. */
  private readonly folded: readonly string[];
  private readonly space: number;
  private readonly bounds: Uint8Array;

  /**
   * The literals of other scripts (`用户`, `пoльзoвaтeл`), in an automaton of their own: their letters would
   * widen every row of this table, which every character of every text reads. It runs only on a text that
   * holds one of their letters.
   */
  private readonly wide?: { automaton: KeywordAutomaton; literals: Int32Array; letters: RegExp };

  /**
   * `literals` are folded (`foldKeyword`), with a boundary mark at either end that must sit at a word boundary.
   * `findsRuns`: this is the text's own automaton (not the one of other scripts), which also finds base64 and hex runs.
   */
  constructor(
    readonly literals: readonly string[],
    findsRuns = true,
  ) {
    const classOf = new Uint8Array(65536);
    let width = 1;
    this.bounds = Uint8Array.from(
      literals,
      (l) => (l.startsWith(WORD_BOUNDARY) ? START : 0) | (l.endsWith(WORD_BOUNDARY) && l.length > 1 ? END : 0),
    );
    literals = literals.map(literalText);
    this.folded = literals;
    this.lengths = Int32Array.from(literals, (l) => l.length);
    const wide = findsRuns ? literals.flatMap((l, i) => (NOT_ASCII.test(l) ? [i] : [])) : [];
    if (wide.length) {
      const letters = new Set(wide.flatMap((i) => [...literals[i]!].filter((ch) => ch.charCodeAt(0) >= 128)));
      for (const ch of [...letters]) letters.add(ch.toUpperCase());
      this.wide = {
        automaton: new KeywordAutomaton(
          wide.map((i) => literals[i]!),
          false,
        ),
        literals: Int32Array.from(wide),
        letters: new RegExp(`[${[...letters].filter((ch) => ch.length === 1).join('')}]`),
      };
      // Left out of this trie (an empty literal is never entered).
      const elsewhere = new Set(wide);
      literals = literals.map((l, i) => (elsewhere.has(i) ? '' : l));
    }
    for (const literal of literals) {
      for (let i = 0; i < literal.length; i++) {
        const c = literal.charCodeAt(i);
        const upper = literal[i]!.toUpperCase();
        if ((c >= 65 && c <= 90) || (isFoldCode(c) && c !== 32) || (c >= 128 && literal[i] !== literal[i]!.toLowerCase()))
          throw new Error(`literal ${JSON.stringify(literal)} is not folded`);
        if (classOf[c]) continue;
        classOf[c] = width++;
        // Beyond ASCII the text's capitals share their letter's class (`П` is `п`); ASCII ones are mapped below.
        if (c >= 128 && upper.length === 1 && upper !== literal[i]) classOf[upper.charCodeAt(0)] = classOf[c]!;
      }
    }
    const space = classOf[32] || (classOf[32] = width++);
    this.space = space;
    if (width > CLASS) throw new Error('too many distinct characters in the anchor literals');
    for (let c = 0; c < 128; c++) {
      if (isFoldCode(c)) classOf[c] = space;
      else if (c >= 65 && c <= 90) classOf[c] = classOf[c + 32]!;
    }
    for (const c of WIDE_SPACES) classOf[c] = space;
    // The trie: each state's children as a linked list (first child, next sibling), and the class it is entered on.
    let capacity = 1;
    for (const literal of literals) capacity += literal.length;
    const firstChild = new Int32Array(capacity);
    const sibling = new Int32Array(capacity);
    const entered = new Uint8Array(capacity);
    const ends: (number[] | undefined)[] = [];
    let states = 1;
    literals.forEach((literal, index) => {
      if (!literal) return;
      let state = 0;
      for (let i = 0; i < literal.length; i++) {
        const cls = classOf[literal.charCodeAt(i)]!;
        let child = firstChild[state]!;
        while (child !== 0 && entered[child] !== cls) child = sibling[child]!;
        if (child === 0) {
          child = states++;
          entered[child] = cls;
          sibling[child] = firstChild[state]!;
          firstChild[state] = child;
        }
        state = child;
      }
      (ends[state] ??= []).push(index);
    });
    // Breadth first, numbering states as they are reached (the shallow states, where a scan spends
    // nearly all its time, share cache lines). A state's row starts as a copy of its failure
    // state's (shallower, so final), then its own children; values already carry the reporting
    // bit where a literal ends, so the copies do too. 16 bits when the states fit: between two
    // files other work evicts the table from the cache, and half the bytes come back faster.
    const reports = states < WIDE_REPORTS_LIMIT ? REPORTS_16 : REPORTS_32;
    const next = reports === REPORTS_16 ? new Uint16Array(states * width) : new Int32Array(states * width);
    const order = new Int32Array(states);
    const failOf = new Int32Array(states);
    const out: (number[] | undefined)[] = [ends[0]];
    let count = 1;
    for (let head = 0; head < count; head++) {
      const row = head * width;
      if (head !== 0) {
        next.copyWithin(row, failOf[head]! * width, failOf[head]! * width + width);
        if (entered[order[head]!] === space) next[row + space] = head;
      }
      for (let child = firstChild[order[head]!]!; child !== 0; child = sibling[child]!) {
        const cls = entered[child]!;
        const inherited = next[row + cls]!;
        const id = count++;
        order[id] = child;
        failOf[id] = head === 0 ? 0 : inherited & ~reports;
        const own = ends[child];
        const through = out[failOf[id]!];
        out[id] = own && through ? [...own, ...through] : (own ?? through);
        next[row + cls] = out[id] ? id | reports : id;
      }
    }
    const outStart = new Int32Array(states + 1);
    for (let i = 0; i < states; i++) outStart[i + 1] = outStart[i]! + (out[i]?.length ?? 0);
    const outputs = new Int32Array(outStart[states]!);
    for (let i = 0; i < states; i++) if (out[i]) outputs.set(out[i]!, outStart[i]!);
    if (findsRuns) for (let c = 0; c < 128; c++) if (BLOB_CHAR.test(String.fromCharCode(c))) classOf[c]! |= BLOB;
    this.outputs = outputs;
    this.outStart = outStart;
    if (next instanceof Uint16Array) this.next16 = next;
    else this.next = next;
    this.classOf = classOf;
    this.width = width;
  }

  /**
   * Every occurrence in `text[from, to)`, appended to `into` (or a new list); in the same pass,
   * the runs of 40 or more base64 or hex characters (what the decoder reads, find-encoded-blobs.ts).
   */
  scan(text: string, from = 0, to = text.length, into?: KeywordHits): KeywordHits {
    const hits = into ?? { literals: new Int32Array(64), ends: new Int32Array(64), count: 0, runs: [] };
    const start = hits.count;
    if (this.next16) this.scanWith(this.next16, REPORTS_16, text, from, to, hits);
    else this.scanWith(this.next!, REPORTS_32, text, from, to, hits);
    if (this.wide && this.wide.letters.test(from === 0 && to === text.length ? text : text.slice(from, to))) {
      const other = this.wide.automaton.scan(text, from, to);
      for (let i = 0; i < other.count; i++) other.literals[i] = this.wide.literals[other.literals[i]!]!;
      mergeHits(hits, start, other);
    }
    return hits;
  }

  private scanWith(
    next: Uint16Array | Int32Array,
    reports: number,
    text: string,
    from: number,
    to: number,
    hits: KeywordHits,
  ): KeywordHits {
    const { classOf, width } = this;
    let state = 0;
    let run = 0;
    for (let i = from; i < to; i++) {
      const k = classOf[text.charCodeAt(i)]!;
      state = next[state * width + (k & CLASS)]!;
      // Counted without a branch (a word boundary every few characters would mispredict one): 0 on any other character.
      run = (run + 1) * (k >>> BLOB_SHIFT);
      if (run === MIN_RUN) hits.runs.push(i + 1 - MIN_RUN);
      if (state & reports) {
        state &= ~reports;
        this.report(state, text, from, to, i + 1, hits);
      }
    }
    return hits;
  }

  /**
   * Where the occurrence of `literal` that ends at `end` starts: a separator in the literal stands
   * for the whole run of separators the text has there.
   */
  startOf(text: string, end: number, literal: number): number {
    const l = this.folded[literal]!;
    let at = end;
    for (let i = l.length - 1; i >= 0; i--) {
      if (l.charCodeAt(i) === 32) while (at > 0 && (this.classOf[text.charCodeAt(at - 1)]! & CLASS) === this.space) at--;
      else at--;
    }
    return at;
  }

  /**
   * A literal with a boundary mark counts only where the text has the boundary: the character
   * beside it is not a word character (or the scanned range ends there, as a unit may). A bounded
   * start is only marked on literals without separators, so the literal's length is its length in the text.
   */
  private report(state: number, text: string, from: number, to: number, end: number, hits: KeywordHits): void {
    for (let o = this.outStart[state]!; o < this.outStart[state + 1]!; o++) {
      const literal = this.outputs[o]!;
      const bounds = this.bounds[literal]!;
      if (bounds & END && end < to && isWordCode(text.charCodeAt(end))) continue;
      if (bounds & START) {
        const start = end - this.lengths[literal]!;
        if (start > from && isWordCode(text.charCodeAt(start - 1))) continue;
      }
      if (hits.count === hits.ends.length) grow(hits);
      hits.literals[hits.count] = literal;
      hits.ends[hits.count++] = end;
    }
  }
}

const START = 1;
const END = 2;
/** The reporting bit of each table width; the 16-bit table holds states below its bit. */
const REPORTS_16 = 0x8000;
const REPORTS_32 = 0x40000000;
const WIDE_REPORTS_LIMIT = REPORTS_16;
/** classOf: the alphabet class in the low bits, and whether the character can be part of a base64 or hex run. */
const CLASS = 0x7f;
const BLOB = 0x80;
const BLOB_SHIFT = 7;
const BLOB_CHAR = /[A-Za-z0-9+/_-]/;
const MIN_RUN = 40;

/** `\w` without the `u` flag: ASCII letters, digits and `_`. */
function isWordCode(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** `other`'s hits merged into `hits` from index `start` on, both ordered by where they end. */
function mergeHits(hits: KeywordHits, start: number, other: KeywordHits): void {
  if (other.count === 0) return;
  const literals = hits.literals.slice(start, hits.count);
  const ends = hits.ends.slice(start, hits.count);
  if (hits.literals.length < hits.count + other.count) grow(hits, (hits.count + other.count) * 2);
  let a = 0;
  let b = 0;
  let at = start;
  while (a < ends.length || b < other.count) {
    const fromOther = a >= ends.length || (b < other.count && other.ends[b]! < ends[a]!);
    hits.literals[at] = fromOther ? other.literals[b]! : literals[a]!;
    hits.ends[at++] = fromOther ? other.ends[b++]! : ends[a++]!;
  }
  hits.count = at;
}

function grow(hits: KeywordHits, size = hits.count * 2): void {
  const literals = new Int32Array(size);
  const ends = new Int32Array(size);
  literals.set(hits.literals);
  ends.set(hits.ends);
  hits.literals = literals;
  hits.ends = ends;
}
