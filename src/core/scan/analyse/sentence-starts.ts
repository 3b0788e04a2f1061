import { countAtOrBefore } from '../../count-at-or-before.js';

/** Offsets in `(from, to]` right after sentence punctuation followed by white space (or the end), ascending. */
export function sentenceStarts(text: string, from: number, to: number): number[] {
  const starts: number[] = [];
  for (let i = from + 1; i <= to; i++) {
    const before = text.charCodeAt(i - 1);
    if ((before === 46 || before === 33 || before === 63) && /\s/.test(text[i] ?? ' ')) starts.push(i);
  }
  return starts;
}

/** The start of the sentence holding `offset`: the last sentence start at or before it, else the unit's start. */
export function clauseStart(starts: readonly number[], unitStart: number, offset: number): number {
  const before = countAtOrBefore(starts, offset);
  return before > 0 ? starts[before - 1]! : unitStart;
}
