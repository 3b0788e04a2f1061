/** Why a stretch of text reads differently to the rules than it is written. */
export type ChangeKind = 'invisible' | 'look-alike' | 'compatibility' | 'shell-quoting' | 'shell-variable';

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
}

interface Piece {
  normStart: number;
  normLength: number;
  origStart: number;
  origLength: number;
}

/** Builds a view from the original text, copied or replaced piece by piece, left to right. */
export class ViewBuilder {
  private readonly parts: string[] = [];
  private readonly pieces: Piece[] = [];
  readonly changes: TextChange[] = [];
  private length = 0;
  private copiedFrom = 0;

  constructor(private readonly original: string) {}

  /** Replaces `original[at, at + length)` with `by` (copying what lies before it unchanged). */
  replace(at: number, length: number, by: string, kind: ChangeKind): void {
    this.copyUntil(at);
    this.changes.push({ at, length, kind, from: this.original.slice(at, at + length), to: by });
    if (by.length) this.push(by, at, length);
    this.copiedFrom = at + length;
  }

  build(): NormalisedView {
    this.copyUntil(this.original.length);
    const text = this.parts.join('');
    const pieces = this.pieces;
    const find = (index: number): Piece | undefined => {
      let lo = 0;
      let hi = pieces.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (pieces[mid]!.normStart <= index) lo = mid;
        else hi = mid - 1;
      }
      return pieces[lo];
    };
    const toOriginal = (index: number): number => {
      const p = find(index);
      if (!p) return index;
      const k = index - p.normStart;
      if (k >= p.normLength) return p.origStart + p.origLength + (k - p.normLength);
      return p.normLength === p.origLength ? p.origStart + k : p.origStart + Math.min(k, p.origLength - 1);
    };
    const toOriginalEnd = (end: number): number => {
      if (end <= 0) return toOriginal(0);
      const p = find(end - 1);
      if (p && end - p.normStart === p.normLength) return p.origStart + p.origLength;
      return toOriginal(end - 1) + 1;
    };
    return { text, changes: this.changes, toOriginal, toOriginalEnd };
  }

  private copyUntil(at: number): void {
    if (at > this.copiedFrom) this.push(this.original.slice(this.copiedFrom, at), this.copiedFrom, at - this.copiedFrom);
    this.copiedFrom = Math.max(this.copiedFrom, at);
  }

  private push(text: string, origStart: number, origLength: number): void {
    this.pieces.push({ normStart: this.length, normLength: text.length, origStart, origLength });
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
  return {
    text: outer.text,
    changes: [...inner.changes, ...moved].sort((a, b) => a.at - b.at),
    toOriginal: (i) => inner.toOriginal(outer.toOriginal(i)),
    toOriginalEnd: (e) => inner.toOriginalEnd(outer.toOriginalEnd(e)),
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
