/** New-side line ranges a unified-diff patch adds or edits (`@@ -a,b +c,d @@` → [c, c+d-1]). */
export function addedLineRanges(patch: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (const match of patch.matchAll(/^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/gm)) {
    const start = Number(match[1]);
    const count = match[2] === undefined ? 1 : Number(match[2]);
    if (count > 0) ranges.push([start, start + count - 1]);
  }
  return ranges;
}
