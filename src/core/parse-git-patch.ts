import { readHunk, toRanges, WHOLE_FILE, type LineRange } from './diff-hunks.js';

/** Lines of a file header that git writes between `diff --git` and the first hunk. */
const HEADER_LINE =
  /^(?:index |old mode |new mode |deleted file mode |new file mode |similarity index |dissimilarity index |rename from |rename to |copy from |copy to |--- |\+\+\+ )/;

/**
 * The lines each file gains in a multi-file `git diff --src-prefix=a/ --dst-prefix=b/ --no-renames`
 * patch, keyed by the name on its `diff --git` line (git's C quoting undone); a binary file
 * (`Binary files … differ`) is wholly changed. Hunk bodies are read by their counts, so file content
 * can never pose as a header. Undefined when anything does not parse: the caller then treats every
 * changed file as wholly changed.
 */
export function parseGitPatch(patch: string): Map<string, LineRange[]> | undefined {
  const lines = patch.split('\n');
  const added = new Map<string, number[]>();
  const binary = new Set<string>();
  let current: string | undefined;
  for (let i = 0; i < lines.length;) {
    const line = lines[i]!;
    if (line.startsWith('@@')) {
      const next = current === undefined ? undefined : readHunk(lines, i, added.get(current)!);
      if (next === undefined) return undefined;
      i = next;
      continue;
    }
    if (line.startsWith('diff --git ')) {
      current = sectionName(line.slice('diff --git '.length));
      if (current === undefined) return undefined;
      // A type change (file ↔ symlink) is two sections under one name: the lines add up.
      if (!added.has(current)) added.set(current, []);
    } else if (line.startsWith('Binary files ') && current !== undefined) {
      binary.add(current);
    } else if (!HEADER_LINE.test(line) && !(line === '' && i === lines.length - 1)) {
      return undefined;
    }
    i++;
  }
  return new Map([...added].map(([path, numbers]) => [path, binary.has(path) ? [WHOLE_FILE] : toRanges(numbers)]));
}

/**
 * The path of `a/<path> b/<path>`: without renames both sides name the same file, so the split is
 * at the middle even when the name holds ` b/`; quoted names (`"a/…" "b/…"`) are unquoted.
 */
function sectionName(names: string): string | undefined {
  if (names.startsWith('"')) {
    const close = closingQuote(names);
    const from = unquoteC(names.slice(0, close + 1));
    const to = names[close + 1] === ' ' ? unquoteC(names.slice(close + 2)) : undefined;
    return from?.startsWith('a/') && to === `b/${from.slice(2)}` ? from.slice(2) : undefined;
  }
  const length = (names.length - 5) / 2;
  const path = names.slice(2, 2 + length);
  return Number.isInteger(length) && length > 0 && names === `a/${path} b/${path}` ? path : undefined;
}

/** Index of the `"` that ends the quoted string starting at 0 (backslash escapes skipped). */
function closingQuote(text: string): number {
  for (let i = 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return text.length;
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
