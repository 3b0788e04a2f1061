/**
 * Appends every item of each list to `target`, one by one. `target.push(...list)` passes each
 * item as a call argument, and a list of ~100,000 items (findings of a hostile file, lines,
 * diagnostics) overflows the stack with a RangeError — so no list that data can grow is ever
 * spread into a call.
 */
export function pushAll<T>(target: T[], ...lists: readonly (readonly T[])[]): T[] {
  for (const list of lists) for (const item of list) target.push(item);
  return target;
}

/** The largest of `values` and `floor` (no spread: `values` may be any length). */
export function maxOf(values: Iterable<number>, floor = -Infinity): number {
  let max = floor;
  for (const v of values) if (v > max) max = v;
  return max;
}

/** The smallest of `values` and `ceiling` (no spread: `values` may be any length). */
export function minOf(values: Iterable<number>, ceiling = Infinity): number {
  let min = ceiling;
  for (const v of values) if (v < min) min = v;
  return min;
}
