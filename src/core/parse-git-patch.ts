import { readHunk, toRanges, type LineRange } from './diff-hunks.js';

/** Lines of a file header that git writes between `diff --git` and the first hunk. */
const HEADER_LINE = /^(?:diff --git |index |old mode |new mode |deleted file mode |new file mode |similarity index |dissimilarity index |rename from |rename to |copy from |copy to |--- |Binary files )/;

/**
 * The lines each file gains in a multi-file `git diff` patch, keyed by the new path as written
 * on its `+++ b/…` line (git's C quoting undone). Hunk bodies are read by their counts, so file
 * content can never pose as a header. Undefined when anything does not parse: the caller then
 * treats every changed file as wholly changed.
 */
export function parseGitPatch(patch: string): Map<string, LineRange[]> | undefined {
  const lines = patch.split('\n');
  const added = new Map<string, number[]>();
  let current: number[] | undefined;
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (line.startsWith('@@')) {
      const next = readHunk(lines, i, current ?? []);
      if (next === undefined) return undefined;
      i = next;
      continue;
    }
    if (line.startsWith('+++ ')) {
      const path = newPathOf(line.slice(4));
      if (path === undefined) return undefined;
      current = path === null ? undefined : [];
      if (path !== null) added.set(path, current!);
    } else if (line.startsWith('diff --git ')) {
      current = undefined;
    } else if (!HEADER_LINE.test(line) && !(line === '' && i === lines.length - 1)) {
      return undefined;
    }
    i++;
  }
  return new Map([...added].map(([path, numbers]) => [path, toRanges(numbers)]));
}

/** `b/<path>` (a tab after it when the name has a space), `"b/<quoted>"`, or `/dev/null` (→ null). */
function newPathOf(text: string): string | null | undefined {
  const name = text.endsWith('\t') ? text.slice(0, -1) : text;
  if (name === '/dev/null') return null;
  const unquoted = name.startsWith('"') ? unquoteC(name) : name;
  return unquoted?.startsWith('b/') ? unquoted.slice(2) : undefined;
}

const ESCAPES: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };
const OCTAL_BYTE = /^[0-3][0-7]{2}$/;

/** Undoes git's `quote_c_style`: `"…"` with backslash escapes and octal bytes, decoded as UTF-8. */
export function unquoteC(quoted: string): string | undefined {
  if (quoted.length < 2 || !quoted.startsWith('"') || !quoted.endsWith('"')) return undefined;
  const body = new TextEncoder().encode(quoted.slice(1, -1));
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const byte = body[i]!;
    if (byte === 34) return undefined;
    if (byte !== 92) {
      bytes.push(byte);
      continue;
    }
    const escape = String.fromCharCode(body[i + 1] ?? 0);
    const octal = Array.from(body.subarray(i + 1, i + 4), (b) => String.fromCharCode(b)).join('');
    if (escape in ESCAPES) {
      bytes.push(ESCAPES[escape]!);
      i += 1;
    } else if (OCTAL_BYTE.test(octal)) {
      bytes.push(parseInt(octal, 8));
      i += 3;
    } else {
      return undefined;
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}
