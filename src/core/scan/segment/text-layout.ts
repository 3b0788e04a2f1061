import type { FileType } from '../classify-path.js';
import { findWindows, htmlRanges } from './find-windows.js';
import { chunkStarts } from './split-markdown-chunks.js';

/** How a file's text is cut for the prefilter: windows for line-scope patterns, block windows for block-scope ones. */
export interface TextLayout {
  /** Window bounds: window w is `[bounds[w], bounds[w + 1])` (findWindows). */
  bounds: Int32Array;
  /** Indexes into `bounds` where a block window starts, ending with the window count: Markdown's parse chunks, or the whole file. */
  blockStarts: Int32Array;
}

/** Windows and block windows of a file. Only Markdown has blocks smaller than the file (scripts and config files are one block). */
export function textLayout(text: string, type: FileType, bodyStart = 0): TextLayout {
  const html = htmlRanges(text);
  const bounds = findWindows(text, html);
  const blockStarts = type === 'markdown' ? chunkStarts(text, bounds, bodyStart, html) : Int32Array.of(0, bounds.length - 1);
  return { bounds, blockStarts };
}
