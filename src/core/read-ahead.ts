import type { RepoSnapshot } from './snapshot.js';

/**
 * File contents in path order, with up to `window` reads in flight: reading is mostly waiting
 * (disk, git, the API), so overlapping it with the CPU work keeps a scan near one pass over
 * the bytes, while memory stays bounded by `window` files.
 */
export async function* readAhead(
  snapshot: RepoSnapshot,
  paths: readonly string[],
  window = 16,
): AsyncGenerator<[string, Uint8Array | undefined]> {
  const pending: Promise<Uint8Array | undefined>[] = [];
  let next = 0;
  for (let i = 0; i < paths.length; i++) {
    while (pending.length < window && next < paths.length) {
      const read = snapshot.readBytes(paths[next++]!);
      // Marked handled now: a consumer that stops early must not leave a rejection unobserved.
      read.catch(() => undefined);
      pending.push(read);
    }
    yield [paths[i]!, await pending.shift()!];
  }
}
