import { countBelow } from '../../count-below.js';

/**
 * Where the line (after the last `\n`) that holds an offset of `text` starts — `text.lastIndexOf('\n',
 * offset - 1) + 1` — found by binary search over the newlines, listed once on first use: a file that is
 * one 200 KB line (a minified JSON config) would otherwise be walked back once per match.
 */
export function lineStarts(text: string): (offset: number) => number {
  let newlines: Int32Array | undefined;
  return (offset) => {
    if (!newlines) {
      const found: number[] = [];
      for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) found.push(i);
      newlines = Int32Array.from(found);
    }
    const lo = countBelow(newlines, offset);
    return lo === 0 ? 0 : newlines[lo - 1]! + 1;
  };
}
