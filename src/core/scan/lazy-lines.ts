import { LineIndex } from '../text.js';

/** What the scanner asks of a file's lines. */
export type Lines = Pick<LineIndex, 'position' | 'lineStart' | 'lineCount'>;

/** A text's lines, indexed on first use: most files have no finding and never ask. */
export function lazyLines(text: string): Lines {
  let index: LineIndex | undefined;
  const get = () => (index ??= new LineIndex(text));
  return {
    position: (offset) => get().position(offset),
    lineStart: (line) => get().lineStart(line),
    get lineCount() {
      return get().lineCount;
    },
  };
}
