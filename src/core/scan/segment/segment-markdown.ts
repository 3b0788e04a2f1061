import { fromMarkdown } from 'mdast-util-from-markdown';
import type { ParsedFrontmatter } from '../../frontmatter/parse-frontmatter.js';
import type { LineIndex } from '../../text.js';
import type { Segment } from '../scan-types.js';
import { collectMdastSegments } from './collect-mdast-segments.js';
import { segmentLines } from './segment-lines.js';
import { splitMarkdownChunks } from './split-markdown-chunks.js';

export interface MarkdownSegments {
  segments: Segment[];
  /** Why some of the body was read line by line instead of parsed (for a notice). */
  fallback?: { line: number; reason: string };
}

/** Top-level frontmatter keys whose values Claude Code runs as commands. */
const COMMAND_KEYS = ['hooks'];

/** The frontmatter block as a segment, and its command-valued keys (`hooks`) as code. */
function frontmatterSegments(frontmatter: ParsedFrontmatter, lines: LineIndex, out: Segment[]): void {
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

/**
 * A Markdown file → segments: frontmatter, fenced/indented code (with info string),
 * inline code, `!`cmd`` pre-run commands, HTML and comments, prose. Parsed with
 * micromark chunk by chunk; hostile chunks and parser failures are read line by line.
 * Never throws.
 */
export function segmentMarkdown(text: string, frontmatter: ParsedFrontmatter, lines: LineIndex): MarkdownSegments {
  const segments: Segment[] = [];
  let fallback: MarkdownSegments['fallback'];
  frontmatterSegments(frontmatter, lines, segments);
  const bodyStart = frontmatter.present && frontmatter.endLine !== undefined ? frontmatter.bodyOffset : 0;
  for (const chunk of splitMarkdownChunks(text, bodyStart, text.length)) {
    let reason = chunk.hostile;
    if (!reason) {
      try {
        const tree = fromMarkdown(text.slice(chunk.start, chunk.end));
        collectMdastSegments(tree, text, chunk.start, segments);
        continue;
      } catch (error) {
        reason = `the Markdown parser failed (${error instanceof Error ? error.message : String(error)})`;
      }
    }
    fallback ??= { line: lines.position(chunk.start).line, reason };
    segments.push(...segmentLines(text, chunk.start, chunk.end));
  }
  return { segments, fallback };
}
