import type { ParsedFrontmatter } from '../../frontmatter/parse-frontmatter.js';
import type { Lines } from '../lazy-lines.js';
import type { Segment } from '../scan-types.js';
import { collectEventSegments, markdownEvents } from './collect-event-segments.js';
import { fencedChunkSegments } from './fenced-chunk.js';
import { plainParagraphSegments } from './plain-paragraph.js';
import { segmentLines } from './segment-lines.js';
import type { ParseBudget } from './parse-budget.js';
import { chunkShape, markdownChunks } from './split-markdown-chunks.js';
import { textLayout, type TextLayout } from './text-layout.js';
import { pushAll } from '../../push-all.js';

export interface MarkdownSegments {
  segments: Segment[];
  /** Why some of the body was read line by line instead of parsed (for a notice). */
  fallback?: { line: number; reason: string };
}

/** Where the Markdown body starts: after a closed frontmatter block, else at 0. */
export function markdownBodyStart(frontmatter: ParsedFrontmatter): number {
  return frontmatter.present && frontmatter.endLine !== undefined ? frontmatter.bodyOffset : 0;
}

/** Top-level frontmatter keys whose values Claude Code runs as commands. */
const COMMAND_KEYS = ['hooks'];

/** The frontmatter block as a segment, and its command-valued keys (`hooks`) as code. */
function frontmatterSegments(frontmatter: ParsedFrontmatter, lines: Lines, out: Segment[]): void {
  if (!frontmatter.present || frontmatter.startLine === undefined || frontmatter.endLine === undefined) return;
  const start = lines.lineStart(frontmatter.startLine + 1);
  const end = lines.lineStart(frontmatter.endLine);
  if (end > start) out.push({ kind: 'frontmatter', start, end });
  const keyLines = [...frontmatter.keyLines.values()].sort((a, b) => a - b);
  for (const key of COMMAND_KEYS) {
    const line = frontmatter.keyLines.get(key);
    if (line === undefined) continue;
    const nextKey = keyLines.find((l) => l > line) ?? frontmatter.endLine;
    out.push({ kind: 'code', start: lines.lineStart(line), end: lines.lineStart(nextKey), origin: 'hook' });
  }
}

/** Which parts of a file need segments: `wanted(start, end)` says whether `[start, end)` holds anything to match. */
export type RangeFilter = (start: number, end: number) => boolean;

const EVERYTHING: RangeFilter = () => true;

/**
 * A Markdown file → segments: frontmatter, fenced/indented code (with info string),
 * inline code, `!`cmd`` pre-run commands, HTML and comments, prose. Tokenized with
 * micromark chunk by chunk (events only, no syntax tree), and only the chunks `wanted`
 * asks for; hostile chunks and parser failures are read line by line. Never throws.
 */
export function segmentMarkdown(
  text: string,
  frontmatter: ParsedFrontmatter,
  lines: Lines,
  wanted: RangeFilter = EVERYTHING,
  layout?: TextLayout,
  budget?: ParseBudget,
): MarkdownSegments {
  const segments: Segment[] = [];
  let fallback: MarkdownSegments['fallback'];
  const bodyStart = markdownBodyStart(frontmatter);
  if (wanted(0, bodyStart)) frontmatterSegments(frontmatter, lines, segments);
  const { bounds, blockStarts } = layout ?? textLayout(text, 'markdown', bodyStart);
  for (const chunk of markdownChunks(bounds, blockStarts, bodyStart)) {
    if (!wanted(chunk.start, chunk.end)) continue;
    const shape = chunkShape(text, chunk.start, chunk.end);
    let reason = shape.hostile;
    if (!reason && budget && !budget.take(shape.cost))
      reason = 'the scan has spent its Markdown parsing budget (a repository where nearly every block matches a rule)';
    if (!reason) {
      try {
        // The two commonest hot chunks, a command example and a plain paragraph, are read without the tokenizer.
        const simple = fencedChunkSegments(text, chunk.start, chunk.end) ?? plainParagraphSegments(text, chunk.start, chunk.end);
        if (simple) pushAll(segments, simple);
        else collectEventSegments(markdownEvents(text.slice(chunk.start, chunk.end)), text, chunk.start, segments);
        continue;
      } catch (error) {
        reason = `the Markdown parser failed (${error instanceof Error ? error.message : String(error)})`;
      }
    }
    fallback ??= { line: lines.position(chunk.start).line, reason };
    pushAll(segments, segmentLines(text, chunk.start, chunk.end));
  }
  return { segments, fallback };
}
