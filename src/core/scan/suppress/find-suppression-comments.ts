import type { Finding } from '../../finding.js';

/** An inline `plangate-ignore` comment: it suppresses the listed rules on the lines it covers. */
export interface SuppressionComment {
  /** 1-based line of the comment. */
  line: number;
  /** The whole line, trimmed: compared with the base branch's lines. */
  lineText: string;
  rules: string[];
  /** Empty when none was given (then it does not suppress). */
  reason: string;
  /**
   * The lines it covers (1-based, inclusive): the next line; a whole fenced block when the comment
   * sits on the line above it (blank lines between are fine); the rest of the block when it sits inside one.
   */
  covers: { from: number; to: number };
}

const COMMENT =
  /(?:<!--|#|\/\/|\/\*|;|--|REM\b)\s{0,8}plangate-ignore\s{1,8}([A-Za-z0-9_*/-]{1,40}(?:\s{0,4},\s{0,4}[A-Za-z0-9_*/-]{1,40}){0,20})\s{0,8}(?::([^\r\n]{0,2000}?))?\s{0,8}(?:-->|\*\/)?\s{0,8}$/;
/** A Markdown code fence: up to three spaces, then three or more backticks or tildes. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The comment names the finding's rule (or `*`) and covers its line. */
export function covers(c: SuppressionComment, f: Finding): boolean {
  return f.line !== undefined && c.covers.from <= f.line && f.line <= c.covers.to && c.rules.some((r) => r === '*' || r === f.ruleId);
}

/** Every suppression comment of a file (Markdown `<!-- … -->`, `#`, `//` and friends). */
export function findSuppressionComments(text: string): SuppressionComment[] {
  if (!text.includes('plangate-ignore')) return [];
  const comments: SuppressionComment[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  const blocks = fencedBlocks(lines);
  lines.forEach((raw, i) => {
    if (!raw.includes('plangate-ignore')) return;
    const m = COMMENT.exec(raw);
    if (!m) return;
    const line = i + 1;
    comments.push({
      line,
      lineText: raw.trim(),
      rules: m[1]!
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
      reason: (m[2] ?? '').replace(/-->\s*$|\*\/\s*$/, '').trim(),
      covers: coveredLines(line, lines, blocks),
    });
  });
  return comments;
}

interface Block {
  /** Lines of the opening and closing fences (the last line when the block never closes). */
  open: number;
  close: number;
}

function fencedBlocks(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let open: { line: number; fence: string } | undefined;
  lines.forEach((raw, i) => {
    const fence = FENCE.exec(raw)?.[1];
    if (!fence) return;
    if (!open) open = { line: i + 1, fence };
    // A closing fence: the same character, at least as long, nothing after it.
    else if (fence[0] === open.fence[0] && fence.length >= open.fence.length && raw.trim() === fence) {
      blocks.push({ open: open.line, close: i + 1 });
      open = undefined;
    }
  });
  if (open) blocks.push({ open: open.line, close: lines.length });
  return blocks;
}

function coveredLines(line: number, lines: readonly string[], blocks: readonly Block[]): { from: number; to: number } {
  const inside = blocks.find((b) => b.open < line && line < b.close);
  if (inside) return { from: line + 1, to: inside.close - 1 };
  let next = line + 1;
  while (next <= lines.length && !lines[next - 1]!.trim()) next++;
  const below = blocks.find((b) => b.open === next);
  if (below) return { from: below.open + 1, to: below.close - 1 };
  return { from: line + 1, to: line + 1 };
}
