/** An inline `plangate-ignore` comment: it suppresses the listed rules on the next line. */
export interface SuppressionComment {
  /** 1-based line of the comment. */
  line: number;
  /** The whole line, trimmed: compared with the base branch's lines. */
  lineText: string;
  rules: string[];
  /** Empty when none was given (then it does not suppress). */
  reason: string;
}

const COMMENT =
  /(?:<!--|#|\/\/|\/\*|;|--|REM\b)\s{0,8}plangate-ignore\s{1,8}([A-Za-z0-9_*/-]{1,40}(?:\s{0,4},\s{0,4}[A-Za-z0-9_*/-]{1,40}){0,20})\s{0,8}(?::([^\r\n]{0,2000}?))?\s{0,8}(?:-->|\*\/)?\s{0,8}$/;

/** Every suppression comment of a file (Markdown `<!-- … -->`, `#`, `//` and friends). */
export function findSuppressionComments(text: string): SuppressionComment[] {
  if (!text.includes('plangate-ignore')) return [];
  const comments: SuppressionComment[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, i) => {
    if (!raw.includes('plangate-ignore')) return;
    const m = COMMENT.exec(raw);
    if (!m) return;
    comments.push({
      line: i + 1,
      lineText: raw.trim(),
      rules: m[1]!
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean),
      reason: (m[2] ?? '').replace(/-->\s*$|\*\/\s*$/, '').trim(),
    });
  });
  return comments;
}
