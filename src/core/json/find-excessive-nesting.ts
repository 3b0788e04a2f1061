import { stringEnd } from './index-container.js';

const SLASH = 47;
const STAR = 42;

/**
 * Offset of the bracket that opens nesting level `maxDepth + 1`, or undefined. Iterative, and run
 * before any parser: the parsers that report errors and build trees recurse per level, so absurd
 * nesting is refused up front. Brackets inside strings (and, with `comments`, inside comments) do not count.
 */
export function findExcessiveNesting(text: string, maxDepth: number, comments: boolean): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) i = stringEnd(text, i) - 1;
    else if (c === SLASH && comments) i = commentEnd(text, i) - 1;
    else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return undefined;
}

/** Offset just past the `//` or `/* … *\/` comment at `start` (just past the slash when none starts there). */
function commentEnd(text: string, start: number): number {
  const next = text.charCodeAt(start + 1);
  if (next === SLASH) {
    let i = start + 2;
    while (i < text.length && text.charCodeAt(i) !== 10 && text.charCodeAt(i) !== 13) i++;
    return i;
  }
  if (next === STAR) {
    const close = text.indexOf('*/', start + 2);
    return close < 0 ? text.length : close + 2;
  }
  return start + 1;
}
