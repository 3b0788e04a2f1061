import { minOf } from '../../push-all.js';
/** Why a stretch of text reads differently to the rules than it is written. */
export type ChangeKind =
  | 'invisible'
  | 'look-alike'
  | 'compatibility'
  | 'shell-quoting'
  | 'shell-variable'
  | 'shell-escape'
  // Whole folder and file names joined by a path function (`File.join(home, ".ssh", "config")`): how paths are written.
  | 'path-join';

/** One change, at its place in the original text. */
export interface TextChange {
  /** Offset and length in the original text. */
  at: number;
  length: number;
  kind: ChangeKind;
  /** What was written and what the rules read instead. */
  from: string;
  to: string;
}

/**
 * A text as the rules read it, and the way back: every offset into `text` maps to the
 * original offset it came from, so a finding still points at what is written. Line breaks
 * are never added or removed, so line numbers are the same in both.
 */
export interface NormalisedView {
  text: string;
  /** Changes in the original text, in order. */
  changes: readonly TextChange[];
  /** Original offset of the character at `index`. */
  toOriginal(index: number): number;
  /** Original offset just after the character before `end` (for exclusive ends). */
  toOriginalEnd(end: number): number;
  /** Where reading differently stopped: past MAX_REPLACEMENTS the rest is read as written (and reported). */
  stoppedAt?: number;
}

/** Replacements one file may need; more is hostile (reported as such) and would only cost time. */
export const MAX_REPLACEMENTS = 20000;

/** Changes described one by one; past this many a hostile file costs no more memory (the mapping stays exact). */
const MAX_DESCRIBED_CHANGES = 5000;
/** Characters of one run kept for its description. */
const MAX_DESCRIBED_RUN = 64;

/** Builds a view from the original text, copied or replaced piece by piece, left to right. */
export class ViewBuilder {
  private readonly parts: string[] = [];
  /** Pieces as [normStart, normLength, origStart, origLength] quadruples. */
  private pieces = new Int32Array(64);
  private count = 0;
  readonly changes: TextChange[] = [];
  private length = 0;
  private copiedFrom = 0;
  private lastReplaced = -1;

  constructor(private readonly original: string) {}

  private replacements = 0;
  private stoppedAt?: number;

  /** Whether the builder takes no more replacements (the rest of the text is copied as written). */
  get full(): boolean {
    return this.stoppedAt !== undefined;
  }

  /** Replaces `original[at, at + length)` with `by` (copying what lies before it unchanged). */
  replace(at: number, length: number, by: string, kind: ChangeKind): void {
    if (this.stoppedAt !== undefined) return;
    if (++this.replacements > MAX_REPLACEMENTS) {
      this.stoppedAt = at;
      return;
    }
    const last = this.changes[this.changes.length - 1];
    // A run of look-alikes or invisibles is one change: `ｉｇｎｏｒｅ` costs one record, not six.
    if (last && at === this.lastReplaced && last.kind === kind && last.at + last.length === at) {
      last.length += length;
      if (last.from.length < MAX_DESCRIBED_RUN) {
        last.from += this.original.slice(at, at + length);
        last.to += by;
      }
    } else if (this.changes.length < MAX_DESCRIBED_CHANGES) {
      this.changes.push({ at, length, kind, from: this.original.slice(at, at + length), to: by });
    }
    this.copyUntil(at);
    if (by.length) this.push(by, at, length);
    this.copiedFrom = at + length;
    this.lastReplaced = at + length;
  }

  build(): NormalisedView {
    this.copyUntil(this.original.length);
    const text = this.parts.join('');
    const p = this.pieces;
    const count = this.count;
    const find = (index: number): number => {
      let lo = 0;
      let hi = count - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (p[mid * 4]! <= index) lo = mid;
        else hi = mid - 1;
      }
      return count ? lo * 4 : -1;
    };
    const toOriginal = (index: number): number => {
      const i = find(index);
      if (i < 0) return index;
      const normStart = p[i]!;
      const normLength = p[i + 1]!;
      const origStart = p[i + 2]!;
      const origLength = p[i + 3]!;
      const k = index - normStart;
      if (k >= normLength) return origStart + origLength + (k - normLength);
      return normLength === origLength ? origStart + k : origStart + Math.min(k, origLength - 1);
    };
    const toOriginalEnd = (end: number): number => {
      if (end <= 0) return toOriginal(0);
      const i = find(end - 1);
      if (i >= 0 && end - p[i]! === p[i + 1]!) return p[i + 2]! + p[i + 3]!;
      return toOriginal(end - 1) + 1;
    };
    return {
      text,
      changes: this.changes,
      toOriginal,
      toOriginalEnd,
      ...(this.stoppedAt !== undefined ? { stoppedAt: this.stoppedAt } : {}),
    };
  }

  private copyUntil(at: number): void {
    if (at > this.copiedFrom) this.push(this.original.slice(this.copiedFrom, at), this.copiedFrom, at - this.copiedFrom);
    this.copiedFrom = Math.max(this.copiedFrom, at);
  }

  private push(text: string, origStart: number, origLength: number): void {
    if ((this.count + 1) * 4 > this.pieces.length) {
      const grown = new Int32Array(this.pieces.length * 2);
      grown.set(this.pieces);
      this.pieces = grown;
    }
    const i = this.count * 4;
    this.pieces[i] = this.length;
    this.pieces[i + 1] = text.length;
    this.pieces[i + 2] = origStart;
    this.pieces[i + 3] = origLength;
    this.count++;
    this.parts.push(text);
    this.length += text.length;
  }
}

/** One view read through another: `outer` normalises the text of `inner`. */
export function composeViews(inner: NormalisedView, outer: NormalisedView): NormalisedView {
  const moved = outer.changes.map((c) => {
    const at = inner.toOriginal(c.at);
    return { ...c, at, length: inner.toOriginalEnd(c.at + c.length) - at };
  });
  const stops = [inner.stoppedAt, outer.stoppedAt === undefined ? undefined : inner.toOriginal(outer.stoppedAt)].filter(
    (x): x is number => x !== undefined,
  );
  return {
    text: outer.text,
    changes: [...inner.changes, ...moved].sort((a, b) => a.at - b.at),
    toOriginal: (i) => inner.toOriginal(outer.toOriginal(i)),
    toOriginalEnd: (e) => inner.toOriginalEnd(outer.toOriginalEnd(e)),
    ...(stops.length ? { stoppedAt: minOf(stops) } : {}),
  };
}

/** Changes that lie within `original[start, end)`. */
export function changesWithin(view: NormalisedView, start: number, end: number): TextChange[] {
  const out: TextChange[] = [];
  let lo = 0;
  let hi = view.changes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (view.changes[mid]!.at < start) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < view.changes.length && view.changes[i]!.at < end; i++) out.push(view.changes[i]!);
  return out;
}

/** The text read through each step in turn, each on what the one before made; undefined when no step changes it. */
export function throughSteps(text: string, steps: readonly ((text: string) => NormalisedView | undefined)[]): NormalisedView | undefined {
  let view: NormalisedView | undefined;
  for (const step of steps) {
    const next = step(view?.text ?? text);
    if (next) view = view ? composeViews(view, next) : next;
  }
  return view;
}

/** Each match of `re` replaced by what `by` gives for it (left alone when undefined); undefined when nothing is. */
export function replaceEach(
  text: string,
  re: RegExp,
  by: (m: RegExpExecArray) => string | undefined,
  kind: ChangeKind,
): NormalisedView | undefined {
  const builder = new ViewBuilder(text);
  let any = false;
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const replacement = by(m);
    if (replacement === undefined) continue;
    builder.replace(m.index, m[0].length, replacement, kind);
    any = true;
    if (builder.full) break;
  }
  return any ? builder.build() : undefined;
}
