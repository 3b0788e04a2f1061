/** How many values of an ascending list are at or before `value` (binary search: the index just past them). */
export function countAtOrBefore(ascending: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = ascending.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ascending[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
