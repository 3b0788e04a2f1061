import { describe, expect, it } from 'vitest';
import { MemorySnapshot } from '../../src/core/memory-snapshot.js';
import { readAhead } from '../../src/core/read-ahead.js';
import type { RepoSnapshot } from '../../src/core/snapshot.js';

/** A snapshot whose reads finish in reverse order and which counts reads in flight. */
function slowSnapshot(files: Record<string, string>): { snapshot: RepoSnapshot; maxInFlight: () => number } {
  const inner = new MemorySnapshot(files);
  let inFlight = 0;
  let max = 0;
  const snapshot = Object.create(inner) as RepoSnapshot;
  snapshot.readBytes = async (path: string) => {
    inFlight++;
    max = Math.max(max, inFlight);
    await new Promise((r) => setTimeout(r, 20 - Object.keys(files).indexOf(path)));
    inFlight--;
    return inner.readBytes(path);
  };
  return { snapshot, maxInFlight: () => max };
}

describe('readAhead', () => {
  it('yields every file in path order while keeping at most `window` reads in flight', async () => {
    const files = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}.md`, `content ${i}`]));
    const { snapshot, maxInFlight } = slowSnapshot(files);
    const seen: string[] = [];
    for await (const [path, bytes] of readAhead(snapshot, Object.keys(files), 3)) seen.push(`${path}=${Buffer.from(bytes!).toString()}`);
    expect(seen).toEqual(Object.entries(files).map(([p, c]) => `${p}=${c}`));
    expect(maxInFlight()).toBe(3);
  });

  it('passes unreadable paths through as undefined', async () => {
    const snapshot = new MemorySnapshot({ 'a.md': 'a' });
    const out: [string, boolean][] = [];
    for await (const [path, bytes] of readAhead(snapshot, ['a.md', 'missing.md'])) out.push([path, bytes !== undefined]);
    expect(out).toEqual([
      ['a.md', true],
      ['missing.md', false],
    ]);
  });
});
