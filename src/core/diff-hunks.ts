import type { ChangedLines } from './check-context.js';

export type LineRange = readonly [number, number];

/** Every line of a file: for binary and `-diff` files, files without a patch, and anything unparsable. */
export const WHOLE_FILE: LineRange = [1, Number.MAX_SAFE_INTEGER];

const HUNK_HEADER = /^@@ -\d+(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * Reads the hunk whose header is at `headerIndex`, appending the new-side lines it adds to
 * `added`; returns the index after its body, or undefined when the body does not match its header.
 */
export function readHunk(lines: readonly string[], headerIndex: number, added: number[]): number | undefined {
  const header = HUNK_HEADER.exec(lines[headerIndex] ?? '');
  if (!header) return undefined;
  let oldLeft = header[1] === undefined ? 1 : Number(header[1]);
  let newLeft = header[3] === undefined ? 1 : Number(header[3]);
  let newLine = Number(header[2]);
  let i = headerIndex + 1;
  // The body is read by the header's counts, so no content line is ever taken for a header.
  while (oldLeft > 0 || newLeft > 0) {
    if (i >= lines.length) return undefined;
    const line = lines[i++]!;
    const marker = line[0];
    if (marker === '\\') continue;
    if (marker === '+') {
      if (newLeft-- <= 0) return undefined;
      added.push(newLine++);
    } else if (marker === '-') {
      if (oldLeft-- <= 0) return undefined;
    } else if (marker === ' ' || line === '') {
      if (oldLeft-- <= 0 || newLeft-- <= 0) return undefined;
      newLine++;
    } else {
      return undefined;
    }
  }
  while (lines[i]?.startsWith('\\')) i++;
  return i;
}

/** Sorted line numbers → inclusive ranges. */
export function toRanges(lineNumbers: readonly number[]): [number, number][] {
  const ranges: [number, number][] = [];
  for (const n of lineNumbers) {
    const last = ranges[ranges.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else ranges.push([n, n]);
  }
  return ranges;
}

/**
 * New-side lines one file's hunks add (the `+` lines, not the context around them), as
 * inclusive ranges; the whole file when the patch cannot be read hunk by hunk.
 */
export function addedLineRanges(patch: string): LineRange[] {
  const lines = patch.split('\n');
  const added: number[] = [];
  for (let i = 0; i < lines.length;) {
    if (lines[i] === '' && i === lines.length - 1) break;
    const next = readHunk(lines, i, added);
    if (next === undefined) return [WHOLE_FILE];
    i = next;
  }
  return toRanges(added);
}

/**
 * Changed lines from a PR-files or compare listing. A file without a `patch` (GitHub omits it
 * for binary and large diffs) counts as wholly changed; a partial listing (GitHub's file cap)
 * gives no line scope at all, so every finding keeps its severity.
 */
export function changedLinesFromListing(
  files: readonly { filename: string; patch?: string }[],
  complete: boolean,
): ChangedLines | undefined {
  if (!complete) return undefined;
  return new Map(files.map((f) => [f.filename, f.patch === undefined ? [WHOLE_FILE] : addedLineRanges(f.patch)] as const));
}
