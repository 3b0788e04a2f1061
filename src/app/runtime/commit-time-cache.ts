import { LRUCache } from 'lru-cache';

/** Commit times by commit SHA (immutable, so a bounded least-recently-used cache is a safe one). */
export class CommitTimeCache extends LRUCache<string, Date> {
  constructor(maxEntries = 10_000) {
    super({ max: maxEntries });
  }
}
