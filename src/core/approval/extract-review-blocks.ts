export interface FencedBlock {
  /** The block's content (between the fences). */
  text: string;
  /** 1-based line of the opening fence in the comment. */
  line: number;
  /** False when the comment ended before the closing fence (CommonMark: the block runs to the end). */
  closed: boolean;
}

export const REVIEW_INFO = 'plangate-review';
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/**
 * The ```` ```plangate-review ```` blocks of a comment, CommonMark style: backtick or tilde
 * fences of 3+, closed by the same character at least as long. Other fenced blocks are
 * walked over too, so an example inside a ```` ```markdown ```` block is not a review.
 * One pass over the lines, no backtracking regexes.
 */
export function extractReviewBlocks(body: string): FencedBlock[] {
  const lines = body.split(/\r\n|\r|\n/);
  const blocks: FencedBlock[] = [];
  let open: { char: string; length: number; review: boolean; line: number; content: string[] } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (open) {
      if (closes(line, open.char, open.length)) {
        if (open.review) blocks.push({ text: open.content.join('\n'), line: open.line, closed: true });
        open = undefined;
      } else if (open.review) open.content.push(line);
      continue;
    }
    const fence = FENCE.exec(line);
    if (!fence) continue;
    const marks = fence[1]!;
    const rest = fence[2]!;
    if (marks[0] === '`' && rest.includes('`')) continue;
    const info = rest.trim().split(/\s+/, 1)[0]!.toLowerCase();
    open = { char: marks[0]!, length: marks.length, review: info === REVIEW_INFO, line: i + 1, content: [] };
  }
  if (open?.review) blocks.push({ text: open.content.join('\n'), line: open.line, closed: false });
  return blocks;
}

function closes(line: string, char: string, length: number): boolean {
  const trimmed = line.replace(/^ {0,3}/, '');
  let n = 0;
  while (trimmed[n] === char) n++;
  return n >= length && trimmed.slice(n).trim() === '';
}
