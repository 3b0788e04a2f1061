import { LRUCache } from 'lru-cache';

/**
 * Blob contents by git blob SHA, least recently used evicted first once `maxBytes` is
 * exceeded. A blob SHA names its content, so one cache can serve every snapshot, event and
 * repository of a process: a re-evaluation of an unchanged tree reads nothing from GitHub.
 */
export class BlobCache {
  readonly maxBytes: number;
  private readonly blobs: LRUCache<string, Uint8Array>;

  constructor(options: { maxBytes?: number } = {}) {
    this.maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
    // lru-cache refuses (and never stores) an entry larger than maxSize; sizes must be ≥ 1.
    this.blobs = new LRUCache({ maxSize: this.maxBytes, sizeCalculation: (bytes) => Math.max(bytes.length, 1) });
  }

  get(sha: string): Uint8Array | undefined {
    return this.blobs.get(sha);
  }

  set(sha: string, bytes: Uint8Array): void {
    this.blobs.set(sha, bytes);
  }

  get size(): number {
    return this.blobs.size;
  }

  /** Bytes held (an empty blob counts as one). */
  get bytes(): number {
    return this.blobs.calculatedSize;
  }
}
