/**
 * The `patch` GitHub shows for a file: git's unified diff hunks with 3 lines of context,
 * without the `diff --git`/`---`/`+++` header. Not always minimal (a big middle section is
 * diffed as delete-all/add-all), but always a correct diff.
 */
type Op = { kind: ' ' | '-' | '+'; line: string; oldNo: number; newNo: number };

const CONTEXT = 3;
const MAX_LCS_CELLS = 4_000_000;

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n').map((l) => `${l}\n`);
  const last = lines.pop()!;
  // The last piece is '\n' when the text ends with a newline; otherwise it is the unterminated last line.
  if (last !== '\n') lines.push(last.slice(0, -1));
  return lines;
}

function editScript(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const middle: (' ' | '-' | '+')[] = [];
  if (midA.length * midB.length <= MAX_LCS_CELLS && midA.length && midB.length) {
    const w = midB.length + 1;
    const lcs = new Uint32Array((midA.length + 1) * w);
    for (let i = midA.length - 1; i >= 0; i--) {
      for (let j = midB.length - 1; j >= 0; j--) {
        lcs[i * w + j] = midA[i] === midB[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < midA.length || j < midB.length) {
      if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
        middle.push(' ');
        i++;
        j++;
      } else if (i < midA.length && (j === midB.length || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) {
        middle.push('-');
        i++;
      } else {
        middle.push('+');
        j++;
      }
    }
  } else {
    middle.push(...midA.map(() => '-' as const), ...midB.map(() => '+' as const));
  }
  const kinds = [...Array<' '>(start).fill(' '), ...middle, ...Array<' '>(a.length - endA).fill(' ')];
  const ops: Op[] = [];
  let oldNo = 0;
  let newNo = 0;
  for (const kind of kinds) {
    if (kind === ' ') ops.push({ kind, line: a[oldNo]!, oldNo: ++oldNo, newNo: ++newNo });
    else if (kind === '-') ops.push({ kind, line: a[oldNo]!, oldNo: ++oldNo, newNo });
    else ops.push({ kind, line: b[newNo]!, oldNo, newNo: ++newNo });
  }
  return ops;
}

const range = (start: number, count: number) => (count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`);

/** Git's default hunk heading: the nearest earlier line starting with a letter, `_` or `$` (≤ 80 chars). */
function heading(lines: string[], before: number): string {
  for (let i = before - 1; i >= 0; i--) {
    if (/^[A-Za-z_$]/.test(lines[i]!)) return ` ${lines[i]!.replace(/\n$/, '').slice(0, 80).trimEnd()}`;
  }
  return '';
}

export function unifiedDiff(oldText: string, newText: string): { patch: string; additions: number; deletions: number } {
  const oldLines = splitLines(oldText);
  const ops = editScript(oldLines, splitLines(newText));
  const changed = ops.map((op, i) => (op.kind === ' ' ? -1 : i)).filter((i) => i >= 0);
  const out: string[] = [];
  let k = 0;
  while (k < changed.length) {
    let last = k;
    while (last + 1 < changed.length && changed[last + 1]! - changed[last]! <= 2 * CONTEXT) last++;
    const from = Math.max(changed[k]! - CONTEXT, 0);
    const to = Math.min(changed[last]! + CONTEXT, ops.length - 1);
    const hunk = ops.slice(from, to + 1);
    const before = hunk.filter((op) => op.kind !== '+');
    const after = hunk.filter((op) => op.kind !== '-');
    const oldStart = before[0]?.oldNo ?? hunk[0]!.oldNo + 1;
    const newStart = after[0]?.newNo ?? hunk[0]!.newNo + 1;
    out.push(`@@ -${range(oldStart, before.length)} +${range(newStart, after.length)} @@${heading(oldLines, oldStart - 1)}`);
    for (const op of hunk) {
      out.push(op.kind + op.line.replace(/\n$/, ''));
      if (!op.line.endsWith('\n')) out.push('\\ No newline at end of file');
    }
    k = last + 1;
  }
  return {
    patch: out.join('\n'),
    additions: ops.filter((o) => o.kind === '+').length,
    deletions: ops.filter((o) => o.kind === '-').length,
  };
}
