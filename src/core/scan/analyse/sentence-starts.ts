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
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? starts[lo - 1]! : unitStart;
}
